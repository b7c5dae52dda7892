import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { useSession } from '../../../app/session';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityDocument } from '../../../gql/graphql';
import { OpportunityPublicView } from '../public/OpportunityPublicView';
import { useCurrentSlug } from '../public/useCurrentSlug';

function Heading({ text }: { text: string }) {
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
      {text}
    </Typography>
  );
}

/** /opportunity/{slug}: everything an applicant needs to decide, for visitors too. */
export function OpportunityPublicPage() {
  const { t } = useTranslation('pages');
  const { slug = '' } = useParams();
  const { status } = useSession();
  // The status follows the clock (scheduled → published → closed), so a cached copy is refreshed.
  const query = useQuery(OpportunityDocument, {
    variables: { slug },
    fetchPolicy: 'cache-and-network',
  });
  const opportunity = query.data?.opportunity;
  useCurrentSlug(opportunity?.slug);
  // As the server titles the page for crawlers: "<title> · <organisation> · Encore".
  useDocumentTitle(
    opportunity
      ? `${opportunity.title} · ${opportunity.organisation.name}`
      : query.loading
        ? undefined
        : t('opportunities.public.notFoundTitle'),
  );

  let body;
  if (opportunity) {
    body = <OpportunityPublicView opportunity={opportunity} />;
  } else if (query.error) {
    body = (
      <>
        <Heading text={t('opportunities.public.title')} />
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  } else if (query.loading) {
    body = <LoadingBlock label={t('opportunities.public.loading')} />;
  } else {
    body = (
      <>
        <Heading text={t('opportunities.public.notFoundTitle')} />
        <EmptyState
          icon={<EventBusyOutlinedIcon fontSize="inherit" aria-hidden />}
          message={t('opportunities.public.notFound')}
          hint={t('opportunities.public.notFoundHint')}
          action={
            status === 'anonymous'
              ? { label: t('opportunities.public.home'), to: '/' }
              : { label: t('opportunities.public.findOpportunities'), to: '/opportunities' }
          }
        />
      </>
    );
  }

  return <Container sx={{ py: { xs: 3, md: 5 } }}>{body}</Container>;
}
