import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Box from '@mui/material/Box';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { PageFrame, type Crumb } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ReviewApplicationDocument,
  type ReviewApplicationFieldsFragment,
} from '../../../gql/graphql';
import { PaymentCard } from '../payment/PaymentCard';
import { ApplicantPanel } from '../review/ApplicantPanel';
import { CommentsPanel } from '../review/CommentsPanel';
import { DecisionPanel } from '../review/DecisionPanel';
import { MessagesPanel } from '../review/MessagesPanel';
import { QueueNav } from '../review/QueueNav';
import { RatingPanel } from '../review/RatingPanel';
import { ReviewAnswers } from '../review/ReviewAnswers';
import { useQueueKeys, useReviewQueue } from '../review/useReviewQueue';

/** A denied read answers not-found (ids cannot be probed); both read as "not here for you". */
function isNotFound(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((entry) =>
      ['not-found', 'authorization'].includes(String(entry.extensions?.category)),
    )
  );
}

function Review({ application }: { application: ReviewApplicationFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { opportunity } = application;
  const client = useApolloClient();
  const queue = useReviewQueue(application.id, opportunity.id);
  useQueueKeys(queue.place, queue.go);
  const title = t('applications.review.title', { code: application.code });
  const crumbs: Crumb[] = [
    { label: tc('nav.opportunities'), to: '/opportunities/review' },
    { label: opportunity.title, to: `/opportunity/${opportunity.slug}` },
    {
      label: t('applications.review.dashboard'),
      to: `/opportunity/${opportunity.slug}/dashboard${queue.dashboardSearch}`,
    },
    { label: application.code },
  ];

  return (
    <PageFrame title={title} breadcrumbs={crumbs} actions={<QueueNav queue={queue} />}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ApplicantPanel application={application} />
          <ReviewAnswers
            applicationId={application.id}
            code={application.code}
            elements={application.elements}
          />
          {application.viewer_can.message ? <MessagesPanel applicationId={application.id} /> : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DecisionPanel application={application} />
          <PaymentCard
            applicationId={application.id}
            onRecorded={() => void client.refetchQueries({ include: [ReviewApplicationDocument] })}
          />
          <RatingPanel application={application} />
          <CommentsPanel application={application} kind="comments" />
          <CommentsPanel application={application} kind="notes" />
        </Box>
      </Box>
    </PageFrame>
  );
}

function ApplicationReview({ id }: { id: string }) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const query = useQuery(ReviewApplicationDocument, { variables: { id } });
  const application = query.data?.viewApplication;
  const team = application?.opportunity.viewerCan;

  if (application && team && (team.rate || team.comment || team.manage_applications)) {
    return <Review application={application} />;
  }

  const pageTitle = t('applications.review.pageTitle');
  let body;
  if (query.error && isNotFound(query.error)) {
    body = (
      <EmptyState
        icon={<SearchOffOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('applications.review.notFound')}
        hint={t('applications.review.notFoundHint')}
        action={{ label: tc('nav.opportunities'), to: '/opportunities/review' }}
      />
    );
  } else if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!application) {
    body = <LoadingBlock />;
  } else {
    // The applicant reads their own application, but this page is the team's.
    body = (
      <EmptyState
        icon={<LockOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('applications.review.noAccess')}
        hint={t('applications.review.noAccessHint')}
        action={{ label: t('applications.review.ownApplication'), to: `/application/${id}` }}
      />
    );
  }
  return (
    <PageFrame
      title={pageTitle}
      breadcrumbs={[
        { label: tc('nav.opportunities'), to: '/opportunities/review' },
        { label: pageTitle },
      ]}
    >
      {body}
    </PageFrame>
  );
}

/**
 * /application/{id}/review: the opportunity team's page for one application, with next and
 * previous through the dashboard's list that led here (its filters ride along in the address).
 * Each application gets a page of its own: nothing typed about one (a comment, a message) is left
 * on the next, and its queries are its own, so that moving on, which React Router does in a
 * transition, never re-runs the queries of the application still on screen.
 */
export function ApplicationReviewPage() {
  const { id = '' } = useParams();
  return <ApplicationReview key={id} id={id} />;
}
