import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { WithdrawApplicationDocument } from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';

interface WithdrawActionProps {
  applicationId: string;
  opportunityTitle: string;
  /** After the withdrawal, to bring the page's history up to date. */
  onWithdrawn: () => void;
}

/** Withdrawing cannot be undone, so it is asked for twice. */
export function WithdrawAction({
  applicationId,
  opportunityTitle,
  onWithdrawn,
}: WithdrawActionProps) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [withdraw, { loading, error, reset }] = useMutation(WithdrawApplicationDocument);

  const close = () => {
    if (loading) return;
    setOpen(false);
    reset();
  };
  const confirm = async () => {
    try {
      await withdraw({ variables: { id: applicationId } });
      setOpen(false);
      snackbar.success(t('applications.withdraw.done'));
      onWithdrawn();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('applications.withdraw.button')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
      >
        <DialogTitle id={titleId}>{t('applications.withdraw.title')}</DialogTitle>
        <DialogContent>
          <FormError error={error} />
          <DialogContentText id={textId}>
            {t('applications.withdraw.text', { title: opportunityTitle })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={loading}>
            {t('applications.withdraw.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void confirm()}
            disabled={loading}
          >
            {t('applications.withdraw.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
