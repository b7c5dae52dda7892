import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { RefundOpportunityPaymentDocument } from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formatMoney } from '../../../lib/format';
import { FormError } from '../../auth/components/FormError';
import { refundableOf, type PaymentRow } from './PaymentsTable';
import { checkRefundAmount, type RefundAmountProblem } from './refund-amount';

/** What a refund or a decision on a request changes on the page. */
export const PAYMENT_QUERIES = [
  'OpportunityRevenue',
  'OpportunityPayments',
  'OpportunityRefundRequests',
] as const;

const FIELDS = ['amount'] as const;

interface RefundDialogProps {
  row: PaymentRow;
  onClose: () => void;
  /** Told the amount given back, formatted. */
  onRefunded: (amount: string) => void;
}

/**
 * Gives an applicant's money back: all that is left (the default) or part of it, typed in the
 * currency's major units and checked against what is left before anything is sent.
 */
export function RefundDialog({ row, onClose, onRefunded }: RefundDialogProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const amountId = useId();
  const refundable = refundableOf(row);
  const digits = row.amount.decimal_digits;
  const currency = row.amount.currency;
  const left = formatMoney(refundable, currency);
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<RefundAmountProblem | null>(null);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [refund, { loading }] = useMutation(RefundOpportunityPaymentDocument, {
    refetchQueries: [...PAYMENT_QUERIES],
  });

  const serverErrors = fieldErrorsOf(error, FIELDS);
  const amountMessage = problem
    ? t(`opportunities.payments.refund.problems.${problem}`, { amount: left })
    : serverErrors.amount;

  const check = (value: string) => {
    const result = checkRefundAmount(value, digits, refundable);
    return result.ok ? null : result.problem;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    let amount: number | undefined;
    if (kind === 'partial') {
      const result = checkRefundAmount(text, digits, refundable);
      if (!result.ok) {
        setProblem(result.problem);
        document.getElementById(amountId)?.focus();
        return;
      }
      amount = result.minor;
    }
    setProblem(null);
    setError(null);
    try {
      await refund({
        variables:
          amount === undefined ? { id: row.application_id } : { id: row.application_id, amount },
      });
      onRefunded(formatMoney(amount ?? refundable, currency));
    } catch (caught) {
      setError(caught);
      if (fieldErrorsOf(caught, FIELDS).amount) document.getElementById(amountId)?.focus();
    }
  };

  return (
    <Dialog
      open
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {t('opportunities.payments.refund.title', { name: row.name })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {serverErrors.amount ? null : <FormError error={error} />}
          <DialogContentText>
            {t('opportunities.payments.refund.intro', { paid: row.amount.formatted, left })}
          </DialogContentText>
          <RadioGroup
            aria-label={t('opportunities.payments.refund.kind')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value === 'partial' ? 'partial' : 'full');
              setProblem(null);
            }}
          >
            <FormControlLabel
              value="full"
              control={<Radio />}
              label={t('opportunities.payments.refund.full', { amount: left })}
            />
            <FormControlLabel
              value="partial"
              control={<Radio />}
              label={t('opportunities.payments.refund.partial')}
            />
          </RadioGroup>
          {kind === 'partial' ? (
            <TextField
              id={amountId}
              name="amount"
              label={t('opportunities.payments.refund.amount')}
              value={text}
              autoFocus
              required
              error={Boolean(amountMessage)}
              helperText={
                amountMessage ?? t('opportunities.payments.refund.amountHelp', { amount: left })
              }
              onChange={(event) => {
                setText(event.target.value);
                if (tried) setProblem(check(event.target.value));
                if (serverErrors.amount) setError(null);
              }}
              slotProps={{
                htmlInput: { inputMode: 'decimal', dir: 'ltr', autoComplete: 'off' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">{currency.toUpperCase()}</InputAdornment>
                  ),
                },
              }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {t('opportunities.payments.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {t('opportunities.payments.refund.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
