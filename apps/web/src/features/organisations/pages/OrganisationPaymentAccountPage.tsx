import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { EmptyState } from '../../../components/EmptyState';
import {
  OrganisationPaymentAccountDocument,
  RecheckOrganisationAccountDocument,
  VerifyOrganisationAccountLinkDocument,
  type PaymentAccountFieldsFragment,
} from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import {
  Code,
  countryName,
  currencyLabel,
  DueList,
  PaymentAccountGate,
  PaymentLoadError,
  PaymentSection,
  PaymentSkeleton,
  PaymentsForbidden,
  paymentErrorText,
  type ConnectStep,
} from '../components/PaymentAccountParts';
import type { Organisation } from '../components/OrganisationGate';
import {
  accountState,
  disabledReasonKey,
  isForbidden,
  isRejected,
  needsOnboarding,
  PAYMENTS,
  type AccountState,
} from '../payment-account';
import { BalanceSection } from '../payouts/BalanceSection';
import { PayoutAccountsSection } from '../payouts/PayoutAccountsSection';
import { useOrganisationBalance } from '../payouts/payout-parts';
import { PayoutsSection } from '../payouts/PayoutsSection';

const ACCOUNT = 'app.organisations.paymentAccount';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

const STATE_ICONS: Record<AccountState, ReactNode> = {
  ready: <CheckCircleOutlinedIcon color="success" aria-hidden />,
  due: <ReportProblemOutlinedIcon color="warning" aria-hidden />,
  disabled: <HighlightOffIcon color="error" aria-hidden />,
  checking: <HourglassEmptyOutlinedIcon color="info" aria-hidden />,
};

/** On or off, in words as well as in colour. */
function Capability({ label, on }: { label: string; on: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center' }}>
      {on ? (
        <CheckCircleOutlinedIcon color="success" fontSize="small" aria-hidden />
      ) : (
        <HighlightOffIcon color="disabled" fontSize="small" aria-hidden />
      )}
      <Typography>
        {label}: <strong>{on ? t(`${ACCOUNT}.on`) : t(`${ACCOUNT}.off`)}</strong>
      </Typography>
    </Box>
  );
}

/** Where the account stands, what holds it, what is still due, and the ways on. */
function Status({
  organisation,
  account,
  onRecheck,
}: {
  organisation: Organisation;
  account: PaymentAccountFieldsFragment;
  onRecheck: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [rechecking, setRechecking] = useState(false);
  const [recheckError, setRecheckError] = useState<unknown>(null);
  const [rechecked, setRechecked] = useState(false);
  const state = accountState(account);
  const due = needsOnboarding(account);
  const reason = account.disabled_reason;

  const recheck = async () => {
    setRechecking(true);
    setRecheckError(null);
    setRechecked(false);
    try {
      await onRecheck();
      setRechecked(true);
    } catch (error) {
      setRecheckError(error);
    } finally {
      setRechecking(false);
    }
  };

  return (
    <PaymentSection id="account-status" title={t(`${ACCOUNT}.status`)}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {STATE_ICONS[state]}
        <Typography sx={{ fontWeight: 600, minWidth: 0 }}>
          {t(`${ACCOUNT}.state.${state}`, { name: organisation.name })}
        </Typography>
      </Box>
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        <Capability label={t(`${ACCOUNT}.charges`)} on={account.charges_enabled} />
        <Capability label={t(`${ACCOUNT}.payouts`)} on={account.payouts_enabled} />
      </Box>
      {account.is_disabled && reason ? (
        <Alert severity={isRejected(reason) ? 'error' : 'warning'}>
          {t(`${PAYMENTS}.disabled.${disabledReasonKey(reason)}`)}
          {disabledReasonKey(reason) === 'other' ? (
            <>
              {' '}
              <Code>{reason}</Code>
            </>
          ) : null}
          {isRejected(reason) ? (
            <>
              {' '}
              <Link component={RouterLink} to="/contact" color="inherit">
                {t(`${ACCOUNT}.contact`)}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {account.requirements_due.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography id="account-due" component="h3" sx={{ fontWeight: 600 }}>
            {t(`${ACCOUNT}.dueTitle`)}
          </Typography>
          <DueList codes={account.requirements_due} labelledBy="account-due" />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {due ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={`/organisation/${organisation.slug}/payment/update`}
          >
            {account.charges_enabled ? t(`${ACCOUNT}.updateDetails`) : t(`${PAYMENTS}.finishSetup`)}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void recheck()}
          loading={rechecking}
          loadingPosition="start"
        >
          {t(`${ACCOUNT}.recheck`)}
        </Button>
      </Box>
      <Box aria-live="polite">
        {rechecked ? (
          <Typography variant="body2" color="text.secondary">
            {t(`${ACCOUNT}.rechecked`)}
          </Typography>
        ) : null}
      </Box>
      {recheckError ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {paymentErrorText(recheckError, (key) => t(key))}
        </Alert>
      ) : null}
    </PaymentSection>
  );
}

function Details({ account }: { account: PaymentAccountFieldsFragment }) {
  const { t } = useTranslation();
  const none = t(`${ACCOUNT}.notGiven`);
  return (
    <PaymentSection id="account-details" title={t(`${ACCOUNT}.details`)}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          columnGap: 2,
          rowGap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        }}
      >
        <Detail label={t(`${ACCOUNT}.fields.name`)}>{account.name}</Detail>
        <Detail label={t(`${ACCOUNT}.fields.email`)}>
          <Code mono={false}>{account.email}</Code>
        </Detail>
        <Detail label={t(`${ACCOUNT}.fields.country`)}>
          {account.country_code ? countryName(account.country_code) : none}
        </Detail>
        <Detail label={t(`${ACCOUNT}.fields.businessType`)}>
          {account.business_type ? t(`${ACCOUNT}.businessTypes.${account.business_type}`) : none}
        </Detail>
        <Detail label={t(`${ACCOUNT}.fields.currency`)}>
          {account.default_currency ? currencyLabel(account.default_currency) : none}
        </Detail>
        <Detail label={t(`${ACCOUNT}.fields.accountId`)}>
          <Code>{account.account_id}</Code>
        </Detail>
        <Detail label={t(`${ACCOUNT}.fields.createdAt`)}>{formatDate(account.created_at)}</Detail>
      </Box>
    </PaymentSection>
  );
}

/** Back from the processor's onboarding: what it said, once. */
function ReturnNotice({ step }: { step: ConnectStep }) {
  const { t } = useTranslation();
  return (
    <Alert severity={step.is_done ? 'success' : 'info'} role="status">
      {step.is_done ? t(`${ACCOUNT}.returnedDone`) : t(`${ACCOUNT}.returnedDue`)}
    </Alert>
  );
}

function Account({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [params, setParams] = useSearchParams();
  const returning = params.get('connected') === '1';
  const variables = { organisation: organisation.id };
  const [returned, setReturned] = useState<ConnectStep | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  // Back from onboarding: the processor is asked first, so the page shows what it says now.
  const [verifyError, setVerifyError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!returning) return;
    let live = true;
    client
      .query({
        query: VerifyOrganisationAccountLinkDocument,
        variables: { organisation: organisation.id },
        fetchPolicy: 'network-only',
      })
      .then(
        (result) => {
          if (!live) return;
          setReturned(result.data?.verifyAccountLink ?? null);
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete('connected');
              return next;
            },
            { replace: true },
          );
        },
        (error: unknown) => {
          if (live) setVerifyError(error);
        },
      );
    return () => {
      live = false;
    };
  }, [returning, attempt, client, organisation.id, setParams]);
  const retryVerify = () => {
    setVerifyError(null);
    setAttempt((count) => count + 1);
  };

  const waiting = returning && !verifyError;
  const query = useQuery(OrganisationPaymentAccountDocument, {
    variables,
    skip: waiting,
    fetchPolicy: 'cache-and-network',
  });
  // The money is asked once there is an account to hold it.
  const money = useOrganisationBalance(
    organisation.id,
    refreshKey,
    !query.data?.organisationAccount,
  );

  if (waiting) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">{t(`${ACCOUNT}.verifying`)}</Typography>
        <PaymentSkeleton />
      </Box>
    );
  }
  if (query.error && !query.data) {
    return (
      <PaymentLoadError
        organisation={organisation}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (returning && isForbidden(verifyError)) {
    return <PaymentsForbidden organisation={organisation} />;
  }
  if (!query.data) return <PaymentSkeleton />;

  const account = query.data.organisationAccount;
  if (!account) {
    return (
      <EmptyState
        icon={<AccountBalanceOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t(`${ACCOUNT}.empty`)}
        hint={t(`${PAYMENTS}.emptyHint`)}
        action={{
          label: t('app.organisations.paymentConnect.button'),
          to: `/organisation/${organisation.slug}/payment/connect`,
        }}
      />
    );
  }

  const recheck = async () => {
    await client.query({
      query: RecheckOrganisationAccountDocument,
      variables,
      fetchPolicy: 'network-only',
    });
    // The balance is in the account's currency, which the recheck may have learnt.
    await query.refetch();
    setRefreshKey((key) => key + 1);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {verifyError && returning ? (
        // The processor could not be asked: the account is shown as last heard.
        <PaymentLoadError organisation={organisation} error={verifyError} onRetry={retryVerify} />
      ) : null}
      {returned ? <ReturnNotice step={returned} /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Status organisation={organisation} account={account} onRecheck={recheck} />
          <BalanceSection organisationId={organisation.id} query={money} />
          <PayoutsSection organisationId={organisation.id} balanceQuery={money} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <PayoutAccountsSection
            organisationId={organisation.id}
            refreshKey={refreshKey}
            managesExternalAccounts={
              money.data?.organisationAccount?.manages_external_accounts ?? null
            }
            defaults={{
              country: account.country_code,
              currency: account.default_currency,
              individual: account.business_type === 'INDIVIDUAL',
            }}
          />
          <Details account={account} />
        </Box>
      </Box>
    </Box>
  );
}

/**
 * /organisation/{slug}/payment/account: the payout account in plain words, its balance, where
 * payouts go, and what is still to do. `?connected=1` is the return from the processor's
 * onboarding, which is checked with the processor first.
 */
export function OrganisationPaymentAccountPage() {
  const { t } = useTranslation();
  return (
    <PaymentAccountGate title={t(`${ACCOUNT}.title`)}>
      {(organisation) => <Account organisation={organisation} />}
    </PaymentAccountGate>
  );
}
