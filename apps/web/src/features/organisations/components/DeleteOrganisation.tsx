import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DeleteOrganisationDocument, MyOrganisationsDocument } from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from './ConfirmDialog';
import type { Organisation } from './OrganisationGate';

/** Owners delete the organisation after typing its name, so it is never one click away. */
export function DeleteOrganisation({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [remove, { loading }] = useMutation(DeleteOrganisationDocument, {
    refetchQueries: [MyOrganisationsDocument],
  });

  const confirm = async () => {
    setError(null);
    try {
      await remove({ variables: { input: { id: organisation.id } } });
      snackbar.success(t('organisations.delete.done', { name: organisation.name }));
      void navigate('/organisations');
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, borderColor: 'error.main' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('organisations.delete.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('organisations.delete.body')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('organisations.delete.open')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('organisations.delete.confirmTitle', { name: organisation.name })}
        confirmLabel={t('organisations.delete.confirm')}
        destructive
        busy={loading}
        error={error}
        confirmDisabled={typed.trim() !== organisation.name}
        onCancel={() => {
          setOpen(false);
          setTyped('');
          setError(null);
        }}
        onConfirm={() => void confirm()}
      >
        <Typography sx={{ mb: 2 }}>{t('organisations.delete.confirmBody')}</Typography>
        <TextField
          fullWidth
          autoFocus
          id="organisation-delete-name"
          label={t('organisations.delete.typeName', { name: organisation.name })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </Paper>
  );
}
