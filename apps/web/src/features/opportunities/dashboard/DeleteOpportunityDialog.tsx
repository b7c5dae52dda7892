import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';

interface DeleteOpportunityDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting takes the opportunity off every page at once, so its title must be typed first. */
export function DeleteOpportunityDialog({
  open,
  title,
  busy,
  error,
  onCancel,
  onConfirm,
}: DeleteOpportunityDialogProps) {
  const { t } = useTranslation('pages');
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === title.trim();
  const cancel = () => {
    setTyped('');
    onCancel();
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('opportunities.dashboard.confirm.delete.title', { title })}
      confirmLabel={t('opportunities.dashboard.confirm.delete.action')}
      destructive
      busy={busy}
      error={error}
      confirmDisabled={!matches}
      onCancel={cancel}
      onConfirm={onConfirm}
    >
      <Typography sx={{ mb: 2 }}>{t('opportunities.dashboard.confirm.delete.body')}</Typography>
      <TextField
        id="delete-opportunity-title"
        label={t('opportunities.dashboard.confirm.delete.typeTitle', { title })}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        autoComplete="off"
      />
    </ConfirmDialog>
  );
}
