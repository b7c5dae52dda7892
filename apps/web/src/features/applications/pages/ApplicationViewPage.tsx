import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplicationStatusDocument,
  ViewApplicationDocument,
  type ApplicationDetailFieldsFragment,
  type PaymentStatus,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { isAwaitingPayment, isOpenDraft } from '../application-state';
import { ApplicationStatusChip, AwaitingPaymentChip } from '../components/ApplicationStatusChip';
import { isNotFound } from '../components/is-not-found';
import { OrganisationLine } from '../components/OrganisationLine';
import { PageSection } from '../components/PageSection';
import { CheckoutSection } from '../checkout/CheckoutSection';
import { ExternalPaymentPanel } from '../payment/ExternalPaymentPanel';
import { RefundSection } from '../refunds/RefundSection';
import { AnswerList } from '../view/AnswerList';
import { HistoryList } from '../view/HistoryList';
import { MessagesThread } from '../view/MessagesThread';
import { WithdrawAction } from '../view/WithdrawAction';

/** Paid by card at some point: the fee may be held, refunded, or asked back. */
const hasBeenPaid = (status: PaymentStatus | null) =>
  status === 'SUCCEEDED' || status === 'REFUNDED' || status === 'REFUND_FAIL';

function Summary({ application }: { application: ApplicationDetailFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { opportunity } = application;
  const awaiting = isAwaitingPayment(application);
  const deadline = opportunity.deadline_date;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 1.5 }}>
      <OrganisationLine
        name={opportunity.organisation.name}
        picture={opportunity.organisation.logo}
      />
      <Typography>
        <Link component={RouterLink} to={`/opportunity/${opportunity.slug}`} underline="hover">
          {t('applications.view.opportunityLink', { title: opportunity.title })}
        </Link>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ApplicationStatusChip status={application.status} size="medium" />
        {awaiting ? <AwaitingPaymentChip size="medium" /> : null}
        <Typography color="text.secondary">
          {t('applications.view.code', { code: application.code })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {application.submitted_at
          ? t('applications.view.submittedAt', { date: formatDateTime(application.submitted_at) })
          : t('applications.view.startedAt', { date: formatDateTime(application.created_at) })}
        {application.viewer_can.edit && deadline
          ? ` · ${t('applications.view.editUntil', {
              date: formatDateTime(deadline, { timeZone: opportunity.time_zone }),
            })}`
          : null}
      </Typography>
      {awaiting ? <Alert severity="warning">{t('applications.payment.awaitingText')}</Alert> : null}
      {isOpenDraft(application) ? (
        <Alert severity="info">{t('applications.view.draftNotice')}</Alert>
      ) : null}
    </Paper>
  );
}

function Actions({
  application,
  onWithdrawn,
}: {
  application: ApplicationDetailFieldsFragment;
  onWithdrawn: () => void;
}) {
  const { t } = useTranslation('pages');
  const { viewer_can: can } = application;
  const draft = isOpenDraft(application);
  if (!can.edit && !can.withdraw) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {can.edit ? (
        <Button
          component={RouterLink}
          variant="contained"
          to={
            draft
              ? `/opportunity/${application.opportunity.slug}/apply`
              : `/application/${application.id}/edit`
          }
        >
          {draft ? t('applications.view.continue') : t('applications.view.edit')}
        </Button>
      ) : null}
      {can.withdraw ? (
        <WithdrawAction
          applicationId={application.id}
          opportunityTitle={application.opportunity.title}
          onWithdrawn={onWithdrawn}
        />
      ) : null}
    </Box>
  );
}

/** /application/{id}: where the application stands, how it got there, the answers and the messages. */
export function ApplicationViewPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(ViewApplicationDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const statusQuery = useQuery(ApplicationStatusDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const application = query.data?.viewApplication;
  const title = application
    ? t('applications.view.title', { title: application.opportunity.title })
    : t('applications.view.titleFallback');

  let body;
  if (application) {
    const history = statusQuery.data?.applicationStatus.history;
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Summary application={application} />
        {application.opportunity.payment_type === 'PAID_INTERNAL' &&
        application.payment_status !== null ? (
          <CheckoutSection
            applicationId={application.id}
            onPaid={() => {
              void query.refetch();
              void statusQuery.refetch();
            }}
          />
        ) : null}
        {application.opportunity.payment_type === 'PAID_INTERNAL' &&
        hasBeenPaid(application.payment_status) ? (
          <RefundSection applicationId={application.id} />
        ) : null}
        {application.opportunity.payment_type === 'PAID_EXTERNAL' &&
        application.payment_status !== null ? (
          <ExternalPaymentPanel applicationId={application.id} />
        ) : null}
        <PageSection title={t('applications.view.history.title')}>
          {history ? (
            <HistoryList history={history} />
          ) : statusQuery.error ? (
            <LoadError error={statusQuery.error} onRetry={() => void statusQuery.refetch()} />
          ) : (
            <LoadingBlock label={t('applications.view.history.loading')} />
          )}
        </PageSection>
        <PageSection title={t('applications.view.answers.title')}>
          <AnswerList elements={application.elements} />
        </PageSection>
        {application.viewer_can.message ? (
          <PageSection title={t('applications.messages.title')}>
            <MessagesThread
              applicationId={application.id}
              blockedReason={isOpenDraft(application) ? t('applications.messages.draft') : null}
            />
          </PageSection>
        ) : null}
      </Box>
    );
  } else if (query.error && isNotFound(query.error)) {
    body = (
      <EmptyState
        message={t('applications.view.notFound')}
        hint={t('applications.view.notFoundHint')}
        action={{ label: t('applications.backToList'), to: '/applications' }}
      />
    );
  } else if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <LoadingBlock label={t('applications.view.loading')} />;
  }

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: tc('nav.applications'), to: '/applications' },
        { label: application?.code ?? t('applications.view.crumb') },
      ]}
      actions={
        application ? (
          <Actions application={application} onWithdrawn={() => void statusQuery.refetch()} />
        ) : undefined
      }
    >
      {body}
    </PageFrame>
  );
}
