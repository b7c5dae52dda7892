import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  OrganisationBalanceDocument,
  RequestEarlyReleaseDocument,
  type PayoutReleaseFieldsFragment,
} from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  currencyLabel,
  PaymentPartError,
  PaymentSection,
  PaymentSkeleton,
} from '../components/PaymentAccountParts';
import { PAYOUTS, type BalanceQuery, type CurrencyBalance } from './payout-parts';

const ACCOUNT = 'app.organisations.paymentAccount';

/** Available, pending and in all, for one currency. */
function CurrencyAmounts({ balance, named }: { balance: CurrencyBalance; named: boolean }) {
  const { t } = useTranslation();
  const currency = balance.total.currency;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {named ? (
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {currencyLabel(currency)}
        </Typography>
      ) : null}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          // Side by side while a large amount still fits on one line, one under the other on a phone.
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9rem), 1fr))',
        }}
      >
        {(['available', 'pending', 'total'] as const).map((kind) => (
          <Box key={kind} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`${PAYOUTS}.amounts.${kind}`)}
            </Typography>
            <Typography
              component="dd"
              variant={kind === 'available' ? 'h5' : 'h6'}
              sx={{ m: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
            >
              {balance[kind].formatted}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Releasing one opportunity's money before its hold ends, asked for twice. */
function EarlyRelease({
  release,
  organisationId,
}: {
  release: PayoutReleaseFieldsFragment;
  organisationId: string;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [requestRelease, { loading, error, reset }] = useMutation(RequestEarlyReleaseDocument, {
    refetchQueries: [
      { query: OrganisationBalanceDocument, variables: { organisation: organisationId } },
    ],
    awaitRefetchQueries: true,
  });
  const close = () => {
    if (loading) return;
    setOpen(false);
    reset();
  };
  const confirm = async () => {
    try {
      await requestRelease({ variables: { opportunity: release.opportunity_id } });
    } catch {
      return; // Shown in the dialog.
    }
    setOpen(false);
    snackbar.success(t(`${PAYOUTS}.early.done`, { title: release.opportunity_title }));
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {t(`${PAYOUTS}.early.button`)}
      </Button>
      <ConfirmDialog
        open={open}
        title={t(`${PAYOUTS}.early.title`, { amount: release.amount.formatted })}
        confirmLabel={t(`${PAYOUTS}.early.confirm`)}
        busy={loading}
        error={error}
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        <Typography>{t(`${PAYOUTS}.early.text`, { title: release.opportunity_title })}</Typography>
      </ConfirmDialog>
    </>
  );
}

/** The money still held for events that have not happened yet (or not long enough ago). */
function UpcomingReleases({
  releases,
  organisationId,
}: {
  releases: readonly PayoutReleaseFieldsFragment[];
  organisationId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography id="upcoming-releases" component="h3" sx={{ fontWeight: 600 }}>
        {t(`${PAYOUTS}.upcoming.title`)}
      </Typography>
      {releases.length === 0 ? (
        <Typography color="text.secondary">{t(`${PAYOUTS}.upcoming.empty`)}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="upcoming-releases"
          sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {releases.map((release) => (
            <Box
              component="li"
              key={release.opportunity_id}
              sx={{
                listStyle: 'none',
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Link
                  component={RouterLink}
                  to={`/opportunity/${release.opportunity_slug}/payments/details`}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {release.opportunity_title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {release.amount.formatted}
                  </Box>
                  {' · '}
                  {release.release_at
                    ? t(`${PAYOUTS}.upcoming.on`, { date: formatDate(release.release_at) })
                    : t(`${PAYOUTS}.upcoming.noDate`)}
                </Typography>
              </Box>
              {release.can_request_early ? (
                <EarlyRelease release={release} organisationId={organisationId} />
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The balance per currency, how long event money is held, and what is held for which event. */
export function BalanceSection({
  organisationId,
  query,
}: {
  organisationId: string;
  query: BalanceQuery;
}) {
  const { t } = useTranslation();
  const balance = query.data?.accountBalance;
  let body;
  if (query.error && !query.data) {
    body = <PaymentPartError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <PaymentSkeleton blocks={[72, 48]} />;
  } else if (!balance || balance.per_currency.length === 0) {
    body = <Typography color="text.secondary">{t(`${ACCOUNT}.noBalance`)}</Typography>;
  } else {
    const named = balance.per_currency.length > 1;
    body = (
      <>
        {balance.per_currency.map((entry) => (
          <CurrencyAmounts key={entry.total.currency} balance={entry} named={named} />
        ))}
        <Typography variant="body2" color="text.secondary">
          {t(`${PAYOUTS}.holdHint`, { count: balance.hold_days })}
        </Typography>
        <UpcomingReleases releases={balance.upcoming_releases} organisationId={organisationId} />
      </>
    );
  }
  return (
    <PaymentSection id="account-balance" title={t(`${ACCOUNT}.balance`)}>
      {body}
    </PaymentSection>
  );
}
