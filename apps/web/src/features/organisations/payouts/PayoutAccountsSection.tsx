import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AddIcon from '@mui/icons-material/Add';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import {
  OrganisationPayoutDestinationsDocument,
  RemoveExternalAccountDocument,
  SetDefaultExternalAccountDocument,
  type PayoutDestinationFieldsFragment,
} from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  Code,
  countryName,
  currencyLabel,
  OnboardingButton,
  paymentErrorText,
  PaymentPartError,
  PaymentSection,
  PaymentSkeleton,
  useOnboarding,
} from '../components/PaymentAccountParts';
import { AddBankAccountDialog } from './AddBankAccountDialog';
import { PAYOUTS } from './payout-parts';

const ACCOUNT = 'app.organisations.paymentAccount';

interface Destination {
  account: PayoutDestinationFieldsFragment;
  organisationId: string;
  /** Encore keeps the accounts (its own processor): they can be changed here. */
  editable: boolean;
}

/** "Make default" and "Remove" for one account; removing is asked for twice. */
function DestinationActions({ account, organisationId }: Omit<Destination, 'editable'>) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const variables = { organisation: organisationId };
  const refetchQueries = [{ query: OrganisationPayoutDestinationsDocument, variables }];
  const [makeDefault, defaulting] = useMutation(SetDefaultExternalAccountDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const [remove, removing] = useMutation(RemoveExternalAccountDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
  });

  const confirmRemove = async () => {
    try {
      await remove({ variables: { ...variables, id: account.id } });
    } catch {
      return; // Shown in the dialog.
    }
    setConfirming(false);
    snackbar.success(t(`${PAYOUTS}.accounts.removed`, { last4: account.last4 }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {!account.default_for_currency ? (
          <Button
            size="small"
            variant="outlined"
            loading={defaulting.loading}
            onClick={() => {
              makeDefault({ variables: { ...variables, id: account.id } }).catch(() => {
                // Shown below the buttons.
              });
            }}
          >
            {t(`${PAYOUTS}.accounts.makeDefault`)}
          </Button>
        ) : null}
        <Button size="small" color="error" onClick={() => setConfirming(true)}>
          {t(`${PAYOUTS}.accounts.remove`)}
        </Button>
      </Box>
      {defaulting.error ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {paymentErrorText(defaulting.error, (key) => t(key))}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t(`${PAYOUTS}.accounts.removeTitle`, { last4: account.last4 })}
        confirmLabel={t(`${PAYOUTS}.accounts.remove`)}
        destructive
        busy={removing.loading}
        error={removing.error}
        onCancel={() => {
          if (removing.loading) return;
          setConfirming(false);
          removing.reset();
        }}
        onConfirm={() => void confirmRemove()}
      >
        <Typography>{t(`${PAYOUTS}.accounts.removeText`)}</Typography>
      </ConfirmDialog>
    </Box>
  );
}

function DestinationItem({ account, organisationId, editable }: Destination) {
  const { t } = useTranslation();
  const facts = [
    account.holder_name,
    account.account_type
      ? t(`${PAYOUTS}.accountTypes.${account.account_type}`, account.account_type)
      : null,
    currencyLabel(account.currency),
    countryName(account.country),
  ].filter(Boolean);
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      {account.type === 'CARD' ? (
        <CreditCardOutlinedIcon color="action" aria-hidden />
      ) : (
        <AccountBalanceOutlinedIcon color="action" aria-hidden />
      )}
      <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {t(account.type === 'CARD' ? `${ACCOUNT}.card` : `${ACCOUNT}.bankAccount`)}{' '}
          <Code>•••• {account.last4}</Code>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {facts.join(' · ')}
        </Typography>
        {account.routing_number ? (
          <Typography variant="body2" color="text.secondary">
            {t(`${PAYOUTS}.accounts.routing`)} <Code>{account.routing_number}</Code>
          </Typography>
        ) : null}
        {account.default_for_currency ? (
          <Box>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(`${ACCOUNT}.defaultFor`, { currency: account.currency.toUpperCase() })}
            />
          </Box>
        ) : null}
        {editable && account.type === 'BANK_ACCOUNT' ? (
          <DestinationActions account={account} organisationId={organisationId} />
        ) : null}
      </Box>
    </Box>
  );
}

interface PayoutAccountsSectionProps {
  organisationId: string;
  refreshKey: number;
  /** Null while not known: neither adding nor the processor's pages are offered yet. */
  managesExternalAccounts: boolean | null;
  defaults: { country: string | null; currency: string | null; individual: boolean };
}

/**
 * Where payouts go and in which currencies; asked of the processor, so loaded on its own. Where
 * Encore keeps the accounts they are added, made default and removed here; otherwise the
 * processor's own pages do it.
 */
export function PayoutAccountsSection({
  organisationId,
  refreshKey,
  managesExternalAccounts,
  defaults,
}: PayoutAccountsSectionProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [adding, setAdding] = useState(false);
  const onboarding = useOnboarding(organisationId);
  const query = useQuery(OrganisationPayoutDestinationsDocument, {
    variables: { organisation: organisationId },
    fetchPolicy: 'cache-and-network',
  });
  const { refetch } = query;
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);

  let body;
  if (query.error && !query.data) {
    body = <PaymentPartError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <PaymentSkeleton blocks={[56, 32]} />;
  } else {
    const { externalAccounts, payoutAccountCurrencies } = query.data;
    body = (
      <>
        {externalAccounts.length === 0 ? (
          <Typography color="text.secondary">{t(`${ACCOUNT}.noDestinations`)}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
            {externalAccounts.map((account) => (
              <DestinationItem
                key={account.id}
                account={account}
                organisationId={organisationId}
                editable={managesExternalAccounts === true}
              />
            ))}
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography id="payout-currencies" component="h3" sx={{ fontWeight: 600 }}>
            {t(`${ACCOUNT}.currencies`)}
          </Typography>
          {payoutAccountCurrencies.length === 0 ? (
            <Typography color="text.secondary">{t(`${ACCOUNT}.noCurrencies`)}</Typography>
          ) : (
            <Box
              component="ul"
              aria-labelledby="payout-currencies"
              sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {payoutAccountCurrencies.map((currency) => (
                <Box component="li" key={currency} sx={{ listStyle: 'none' }}>
                  <Chip label={currencyLabel(currency)} />
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </>
    );
  }

  return (
    <PaymentSection id="account-destinations" title={t(`${ACCOUNT}.destinations`)}>
      {body}
      {managesExternalAccounts === true ? (
        <>
          <Box>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t(`${PAYOUTS}.add.button`)}
            </Button>
          </Box>
          <AddBankAccountDialog
            organisationId={organisationId}
            open={adding}
            defaults={defaults}
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              snackbar.success(t(`${PAYOUTS}.add.done`));
            }}
          />
        </>
      ) : managesExternalAccounts === false ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`${PAYOUTS}.accounts.atProcessor`)}
          </Typography>
          <OnboardingButton
            label={t(`${PAYOUTS}.accounts.manageAtProcessor`)}
            onboarding={onboarding}
          />
        </Box>
      ) : null}
    </PaymentSection>
  );
}
