import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import BusinessIcon from '@mui/icons-material/Business';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  CreateOrganisationDocument,
  MyOrganisationsDocument,
  OrganisationViewerRoleDocument,
  type CreateOrganisationInput,
} from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { OrganisationForm } from '../components/OrganisationForm';
import { canCreateOrganisations } from '../organisation-roles';

/** /organisations/create: an organiser creates an organisation and becomes its owner. */
export function OrganisationCreatePage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const viewer = useQuery(OrganisationViewerRoleDocument);
  const [create, { loading }] = useMutation(CreateOrganisationDocument, {
    refetchQueries: [MyOrganisationsDocument],
  });
  const [error, setError] = useState<unknown>(null);
  const title = t('organisations.create.title');

  const submit = async (input: CreateOrganisationInput) => {
    setError(null);
    try {
      const { data } = await create({ variables: { input } });
      if (!data) return;
      snackbar.success(t('organisations.create.done', { name: data.createOrganisation.name }));
      void navigate(`/organisation/${data.createOrganisation.slug}/dashboard`);
    } catch (caught) {
      setError(caught);
    }
  };

  let body;
  if (viewer.error) {
    body = <LoadError error={viewer.error} onRetry={() => void viewer.refetch()} />;
  } else if (!viewer.data) {
    body = <LoadingBlock />;
  } else if (!canCreateOrganisations(viewer.data.me.role?.name)) {
    body = (
      <EmptyState
        icon={<BusinessIcon fontSize="inherit" aria-hidden />}
        message={t('organisations.create.organiserOnly')}
        hint={t('organisations.create.organiserOnlyHint')}
        action={{ label: t('organisations.create.upgrade'), to: '/account/upgrade' }}
      />
    );
  } else {
    body = (
      <OrganisationForm
        submitLabel={t('organisations.create.submit')}
        saving={loading}
        error={error}
        onSubmit={(input) => void submit(input)}
      />
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: tc('nav.organisations'), to: '/organisations' }, { label: title }]}
    >
      {body}
    </PageFrame>
  );
}
