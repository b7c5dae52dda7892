import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CreatePayoutDocument,
  OrganisationBalanceDocument,
  OrganisationPayoutsDocument,
  UpdatePayoutScheduleDocument,
  type PayoutFieldsFragment,
  type PayoutInterval,
} from '../../../gql/graphql';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  paymentErrorText,
  PaymentPartError,
  PaymentSection,
  PaymentSkeleton,
} from '../components/PaymentAccountParts';
import {
  PAYOUT_STATUS_TONE,
  PAYOUTS,
  type BalanceQuery,
  type CurrencyBalance,
  type PayoutSchedule,
} from './payout-parts';

const INTERVALS: readonly PayoutInterval[] = ['WEEKLY', 'MANUAL'];

/** Weekly by itself, or only when asked; the next automatic payout when there is one. */
function Schedule({
  organisationId,
  schedule,
}: {
  organisationId: string;
  schedule: PayoutSchedule;
}) {
  const { t } = useTranslation();
  const [update, { loading, error }] = useMutation(UpdatePayoutScheduleDocument);
  const change = (interval: PayoutInterval) => {
    if (interval === schedule.payout_interval) return;
    update({ variables: { organisation: organisationId, interval } }).catch(() => {
      // Shown under the field.
    });
  };
  const hint =
    schedule.payout_interval === 'WEEKLY' && schedule.next_payout_at
      ? t(`${PAYOUTS}.schedule.next`, { date: formatDateTime(schedule.next_payout_at) })
      : t(`${PAYOUTS}.schedule.help.${schedule.payout_interval}`);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        select
        id="payout-schedule"
        label={t(`${PAYOUTS}.schedule.label`)}
        value={schedule.payout_interval}
        onChange={(event) => change(event.target.value as PayoutInterval)}
        disabled={loading}
        helperText={hint}
        sx={{ maxWidth: { sm: 360 } }}
      >
        {INTERVALS.map((interval) => (
          <MenuItem key={interval} value={interval}>
            {t(`${PAYOUTS}.schedule.intervals.${interval}`)}
          </MenuItem>
        ))}
      </TextField>
      {error ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {paymentErrorText(error, (key) => t(key))}
        </Alert>
      ) : null}
    </Box>
  );
}

/** Pays out what is available in one currency now, asked for twice. */
function PayOutNow({
  organisationId,
  balance,
}: {
  organisationId: string;
  balance: CurrencyBalance;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const variables = { organisation: organisationId };
  const [createPayout, { loading, error, reset }] = useMutation(CreatePayoutDocument, {
    refetchQueries: [
      { query: OrganisationBalanceDocument, variables },
      { query: OrganisationPayoutsDocument, variables },
    ],
    awaitRefetchQueries: true,
  });
  const { available } = balance;
  const close = () => {
    if (loading) return;
    setOpen(false);
    reset();
  };
  const confirm = async () => {
    try {
      await createPayout({
        variables: { organisation: organisationId, currency: available.currency },
      });
    } catch {
      return; // Shown in the dialog.
    }
    setOpen(false);
    snackbar.success(t(`${PAYOUTS}.payOut.done`, { amount: available.formatted }));
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} disabled={available.amount <= 0}>
        {t(`${PAYOUTS}.payOut.button`, { amount: available.formatted })}
      </Button>
      <ConfirmDialog
        open={open}
        title={t(`${PAYOUTS}.payOut.title`, { amount: available.formatted })}
        confirmLabel={t(`${PAYOUTS}.payOut.confirm`)}
        busy={loading}
        error={error}
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        <Typography>{t(`${PAYOUTS}.payOut.text`)}</Typography>
      </ConfirmDialog>
    </>
  );
}

function PayoutItem({ payout }: { payout: PayoutFieldsFragment }) {
  const { t } = useTranslation();
  const tone = PAYOUT_STATUS_TONE[payout.status];
  const who = payout.automatic
    ? t(`${PAYOUTS}.list.automatic`)
    : payout.created_by
      ? t(`${PAYOUTS}.list.by`, { name: payout.created_by.name })
      : t(`${PAYOUTS}.list.manual`);
  const facts = [t(`${PAYOUTS}.list.created`, { date: formatDate(payout.created_at) }), who];
  if (payout.arrival_date && payout.status !== 'FAILED' && payout.status !== 'CANCELED') {
    facts.push(
      t(payout.status === 'PAID' ? `${PAYOUTS}.list.arrived` : `${PAYOUTS}.list.arrives`, {
        date: formatDate(payout.arrival_date),
      }),
    );
  }
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'grid',
        gap: 0.5,
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {payout.amount.formatted}
        </Typography>
        <Chip
          size="small"
          color={tone}
          variant={tone === 'default' ? 'outlined' : 'filled'}
          label={t(`${PAYOUTS}.status.${payout.status}`)}
          // The light info and success fills are too pale for white text (WCAG AA).
          sx={
            tone === 'info'
              ? { bgcolor: 'info.dark' }
              : tone === 'success'
                ? { bgcolor: 'success.dark' }
                : undefined
          }
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
      {payout.description ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {payout.description}
        </Typography>
      ) : null}
      {payout.status === 'FAILED' ? (
        <Alert severity="error">
          {t(`${PAYOUTS}.list.failed`, {
            reason: payout.failure_message ?? t(`${PAYOUTS}.list.failedFallback`),
          })}
        </Alert>
      ) : null}
    </Box>
  );
}

function PayoutList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const query = useQuery(OrganisationPayoutsDocument, {
    variables: { organisation: organisationId },
    fetchPolicy: 'cache-and-network',
  });
  if (query.error && !query.data) {
    return <PaymentPartError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <PaymentSkeleton blocks={[48, 48]} />;
  const payouts = query.data.organisationPayouts;
  if (payouts.length === 0) {
    return <Typography color="text.secondary">{t(`${PAYOUTS}.list.empty`)}</Typography>;
  }
  return (
    <Box component="ul" aria-labelledby="payout-history" sx={{ m: 0, p: 0 }}>
      {payouts.map((payout) => (
        <PayoutItem key={payout.id} payout={payout} />
      ))}
    </Box>
  );
}

/** Money out: when it goes by itself, paying out now, and every payout with where it stands. */
export function PayoutsSection({
  organisationId,
  balanceQuery,
}: {
  organisationId: string;
  balanceQuery: BalanceQuery;
}) {
  const { t } = useTranslation();
  const schedule = balanceQuery.data?.organisationAccount ?? null;
  const balances = balanceQuery.data?.accountBalance?.per_currency ?? [];
  return (
    <PaymentSection id="account-payouts" title={t(`${PAYOUTS}.title`)}>
      {schedule ? <Schedule organisationId={organisationId} schedule={schedule} /> : null}
      {balances.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {balances.map((balance) => (
              <PayOutNow
                key={balance.available.currency}
                organisationId={organisationId}
                balance={balance}
              />
            ))}
          </Box>
          {balances.every((balance) => balance.available.amount <= 0) ? (
            <Typography variant="body2" color="text.secondary">
              {t(`${PAYOUTS}.payOut.nothing`)}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <Typography id="payout-history" component="h3" sx={{ fontWeight: 600 }}>
        {t(`${PAYOUTS}.list.title`)}
      </Typography>
      <PayoutList organisationId={organisationId} />
    </PaymentSection>
  );
}
