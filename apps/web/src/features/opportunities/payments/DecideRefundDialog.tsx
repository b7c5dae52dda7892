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
import TextField from '@mui/material/TextField';
import {
  ApproveOpportunityRefundRequestDocument,
  DeclineOpportunityRefundRequestDocument,
  type OpportunityRefundRequestFieldsFragment,
} from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { FormError } from '../../auth/components/FormError';
import { PAYMENT_QUERIES } from './RefundDialog';

export type Decision = 'approve' | 'decline';

type RefundRequest = OpportunityRefundRequestFieldsFragment;

/** The applicant as the team knows them: the artist name, else the person's, else the code. */
export function applicantOf(request: RefundRequest): string {
  const { artist_name, name, code } = request.application;
  return artist_name ?? name ?? code;
}

/** Long enough for a few kind sentences; the server checks its own limit too. */
const NOTE_MAX = 1000;
const FIELDS = ['note'] as const;

interface DecideRefundDialogProps {
  request: RefundRequest;
  decision: Decision;
  onClose: () => void;
  onDecided: (decision: Decision) => void;
}

/**
 * Approves a refund request (the money goes back) or declines it, with an optional note the
 * applicant reads with the answer.
 */
export function DecideRefundDialog({
  request,
  decision,
  onClose,
  onDecided,
}: DecideRefundDialogProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const options = { refetchQueries: [...PAYMENT_QUERIES] };
  const [approve, approving] = useMutation(ApproveOpportunityRefundRequestDocument, options);
  const [decline, declining] = useMutation(DeclineOpportunityRefundRequestDocument, options);
  const busy = approving.loading || declining.loading;
  const noteError = fieldErrorsOf(error, FIELDS).note;
  const name = applicantOf(request);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = note.trim();
    const variables = trimmed === '' ? { id: request.id } : { id: request.id, note: trimmed };
    setError(null);
    try {
      if (decision === 'approve') await approve({ variables });
      else await decline({ variables });
      onDecided(decision);
    } catch (caught) {
      setError(caught);
      if (fieldErrorsOf(caught, FIELDS).note) document.getElementById(noteId)?.focus();
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {t(`opportunities.payments.requests.${decision}Title`, { name })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {noteError ? null : <FormError error={error} />}
          <DialogContentText>
            {t(`opportunities.payments.requests.${decision}Intro`, {
              name,
              amount: request.amount.formatted,
            })}
          </DialogContentText>
          <TextField
            id={noteId}
            name="note"
            label={t('opportunities.payments.requests.note')}
            helperText={noteError ?? t('opportunities.payments.requests.noteHelp')}
            error={Boolean(noteError)}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={3}
            autoFocus
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('opportunities.payments.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t(`opportunities.payments.requests.${decision}`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
