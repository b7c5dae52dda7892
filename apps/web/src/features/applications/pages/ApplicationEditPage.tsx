import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplicationAnsweredFormDocument,
  ViewApplicationDocument,
  type ApplicationDetailFieldsFragment,
} from '../../../gql/graphql';
import { isOpenDraft } from '../application-state';
import { isNotFound } from '../components/is-not-found';
import { Notice } from '../components/Notice';
import { AnswersEditor } from '../view/AnswersEditor';

/**
 * The form as the application answered it: the fields it was sent with (the server checks edits
 * against those, even if the organiser changed the form since), with the form's settings.
 */
function EditBody({ application }: { application: ApplicationDetailFieldsFragment }) {
  const { t } = useTranslation('pages');
  const formQuery = useQuery(ApplicationAnsweredFormDocument, {
    variables: { id: application.id },
    fetchPolicy: 'cache-and-network',
    skip: !application.viewer_can.edit,
  });
  const back = (
    <Button component={RouterLink} to={`/application/${application.id}`}>
      {t('applications.backToApplication')}
    </Button>
  );
  if (!application.viewer_can.edit) {
    return (
      <Notice title={t('applications.edit.lockedTitle')} actions={back}>
        <Typography>{t('applications.edit.locked')}</Typography>
      </Notice>
    );
  }
  if (formQuery.error) {
    return <LoadError error={formQuery.error} onRetry={() => void formQuery.refetch()} />;
  }
  if (!formQuery.data) return <LoadingBlock label={t('applications.edit.loading')} />;
  const form = formQuery.data.viewApplication.answered_form;
  if (!form) {
    return (
      <Notice title={t('applications.apply.unavailableTitle')} actions={back}>
        <Typography>{t('applications.apply.unavailable')}</Typography>
      </Notice>
    );
  }
  return <AnswersEditor key={application.id} application={application} form={form} />;
}

/** /application/{id}/edit: the answers of a sent application, changed until the deadline or a decision. */
export function ApplicationEditPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(ViewApplicationDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const application = query.data?.viewApplication;
  if (application && isOpenDraft(application)) {
    // A draft is finished where it was started, with its autosave and the Submit button.
    return <Navigate replace to={`/opportunity/${application.opportunity.slug}/apply`} />;
  }
  const title = application
    ? t('applications.edit.title', { title: application.opportunity.title })
    : t('applications.edit.titleFallback');

  let body;
  if (application) body = <EditBody application={application} />;
  else if (query.error && isNotFound(query.error)) {
    body = (
      <EmptyState
        message={t('applications.view.notFound')}
        hint={t('applications.view.notFoundHint')}
        action={{ label: t('applications.backToList'), to: '/applications' }}
      />
    );
  } else if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else body = <LoadingBlock label={t('applications.edit.loading')} />;

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: tc('nav.applications'), to: '/applications' },
        { label: application?.code ?? t('applications.view.crumb'), to: `/application/${id}` },
        { label: t('applications.edit.crumb') },
      ]}
    >
      {body}
    </PageFrame>
  );
}
