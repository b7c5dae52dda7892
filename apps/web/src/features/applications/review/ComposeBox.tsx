import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FormError } from '../../auth/components/FormError';

interface ComposeBoxProps {
  label: string;
  /** Under the field while the text fits. */
  hint: string;
  /** Under the field once the text is longer than `maxLength`. */
  tooLongHint: string;
  maxLength: number;
  submitLabel: string;
  busy: boolean;
  /** The send's failure, shown above the field. */
  error: unknown;
  /** Rejects when the send failed, so the draft stays to try again. */
  onSend: (text: string) => Promise<unknown>;
}

/** A text to write and send (a comment, a message): sent trimmed, and only within its limit. */
export function ComposeBox({
  label,
  hint,
  tooLongHint,
  maxLength,
  submitLabel,
  busy,
  error,
  onSend,
}: ComposeBoxProps) {
  const fieldId = useId();
  const [draft, setDraft] = useState('');
  const text = draft.trim();
  const tooLong = draft.length > maxLength;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text || tooLong) return;
    try {
      await onSend(text);
      setDraft('');
    } catch {
      // FormError shows why above the field.
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <FormError error={error} />
      <TextField
        id={fieldId}
        label={label}
        helperText={tooLong ? tooLongHint : hint}
        error={tooLong}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        multiline
        minRows={2}
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={!text || tooLong || busy} sx={{ mt: 1 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
