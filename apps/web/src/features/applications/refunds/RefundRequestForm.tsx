import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { RequestRefundDocument, type RefundReason } from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { FormError } from '../../auth/components/FormError';
import {
  REFUND_MESSAGE_MAX,
  REFUND_REASONS,
  refundFormProblems,
  type RefundFormValues,
} from './refund-steps';

const FIELDS = ['reason', 'message'] as const;

interface RefundRequestFormProps {
  applicationId: string;
  /** What can still be given back, formatted. */
  refundable: string;
  open: boolean;
  onClose: () => void;
  /** After the request was sent. */
  onSent: () => void;
}

/** Asking the organiser for the fee back: a reason, and words of one's own for "other". */
export function RefundRequestForm({
  applicationId,
  refundable,
  open,
  onClose,
  onSent,
}: RefundRequestFormProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const reasonLabelId = useId();
  const [values, setValues] = useState<RefundFormValues>({ reason: null, message: '' });
  const [submitted, setSubmitted] = useState(false);
  const [request, { loading, error, reset }] = useMutation(RequestRefundDocument);

  const problems = submitted ? refundFormProblems(values) : {};
  const server = fieldErrorsOf(error, FIELDS);
  const reasonError = problems.reason
    ? t(`applications.refund.form.${problems.reason}`)
    : server.reason;
  const messageError = problems.message
    ? t(`applications.refund.form.${problems.message}`, { max: REFUND_MESSAGE_MAX })
    : server.message;
  // A refusal that names no field of the form is shown above it.
  const generalError = error && !server.reason && !server.message ? error : null;

  const close = () => {
    if (loading) return;
    reset();
    setSubmitted(false);
    setValues({ reason: null, message: '' });
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = refundFormProblems(values);
    if (found.reason || found.message || values.reason === null) {
      const first = found.reason ? 'reason' : 'message';
      document.querySelector<HTMLElement>(`[name="refund-${first}"]`)?.focus();
      return;
    }
    const message = values.message.trim();
    try {
      await request({
        variables: {
          application: applicationId,
          reason: values.reason,
          message: message === '' ? null : message,
        },
      });
    } catch {
      return; // Shown in the form.
    }
    setSubmitted(false);
    setValues({ reason: null, message: '' });
    onSent();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('applications.refund.form.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <FormError error={generalError} />
          <DialogContentText>
            {t('applications.refund.form.intro', { amount: refundable })}
          </DialogContentText>
          <FormControl error={Boolean(reasonError)} required>
            <FormLabel id={reasonLabelId}>{t('applications.refund.form.reason')}</FormLabel>
            <RadioGroup
              aria-labelledby={reasonLabelId}
              name="refund-reason"
              value={values.reason ?? ''}
              onChange={(event) =>
                setValues((current) => ({ ...current, reason: event.target.value as RefundReason }))
              }
            >
              {REFUND_REASONS.map((reason) => (
                <FormControlLabel
                  key={reason}
                  value={reason}
                  control={<Radio />}
                  label={t(`applications.refund.reasons.${reason}`)}
                />
              ))}
            </RadioGroup>
            {reasonError ? <FormHelperText>{reasonError}</FormHelperText> : null}
          </FormControl>
          <TextField
            id="refund-message"
            name="refund-message"
            label={t('applications.refund.form.message')}
            multiline
            minRows={3}
            required={values.reason === 'OTHER'}
            value={values.message}
            onChange={(event) =>
              setValues((current) => ({ ...current, message: event.target.value }))
            }
            error={Boolean(messageError)}
            helperText={
              messageError ??
              t('applications.refund.form.messageHelp', {
                length: values.message.length,
                max: REFUND_MESSAGE_MAX,
              })
            }
            slotProps={{ htmlInput: { maxLength: REFUND_MESSAGE_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={loading}>
            {t('applications.refund.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={loading}>
            {t('applications.refund.form.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
