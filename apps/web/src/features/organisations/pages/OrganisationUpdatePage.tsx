import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import {
  MyOrganisationsDocument,
  UpdateOrganisationDocument,
  type CreateOrganisationInput,
} from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { DeleteOrganisation } from '../components/DeleteOrganisation';
import { OrganisationForm } from '../components/OrganisationForm';
import { OrganisationGate, type Organisation } from '../components/OrganisationGate';

function UpdateForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [update, { loading }] = useMutation(UpdateOrganisationDocument, {
    refetchQueries: [MyOrganisationsDocument],
  });
  const [error, setError] = useState<unknown>(null);

  const submit = async (input: CreateOrganisationInput) => {
    setError(null);
    try {
      const { data } = await update({ variables: { input: { id: organisation.id, ...input } } });
      if (!data) return;
      snackbar.success(t('organisations.update.done'));
      void navigate(`/organisation/${data.updateOrganisation.slug}/dashboard`);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <OrganisationForm
        organisation={organisation}
        submitLabel={t('organisations.update.submit')}
        saving={loading}
        error={error}
        onSubmit={(input) => void submit(input)}
      />
      {organisation.viewerCan.delete ? <DeleteOrganisation organisation={organisation} /> : null}
    </Box>
  );
}

/** /organisation/{slug}/update: the organisation's details, for those who may manage it. */
export function OrganisationUpdatePage() {
  const { t } = useTranslation('pages');
  return (
    <OrganisationGate page={t('organisations.update.title')} requires="update">
      {(organisation) => <UpdateForm key={organisation.id} organisation={organisation} />}
    </OrganisationGate>
  );
}
