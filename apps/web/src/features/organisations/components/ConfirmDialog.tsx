import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormError } from '../../auth/components/FormError';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  destructive?: boolean;
  busy?: boolean;
  error?: unknown;
  confirmDisabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}

/** Asks before a team change that cannot simply be undone; a refusal shows inside. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  destructive,
  busy,
  error,
  confirmDisabled,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FormError error={error} />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('organisations.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
