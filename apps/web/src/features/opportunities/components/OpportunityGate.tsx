import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { PageFrame, type Crumb } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  OpportunityDocument,
  type OpportunityFieldsFragment,
  type OpportunityViewerCanFieldsFragment,
} from '../../../gql/graphql';

export type Ability = keyof Omit<OpportunityViewerCanFieldsFragment, '__typename'>;

interface OpportunityGateProps {
  /** The page's name, after the opportunity's title in the breadcrumb. */
  page: string;
  /** What the viewer must be allowed to do to see the page at all. */
  requires: Ability;
  /** A page inside another one of the opportunity's pages (the form, under the dashboard). */
  parent?: (opportunity: OpportunityFieldsFragment) => Crumb;
  children: (opportunity: OpportunityFieldsFragment) => ReactNode;
}

/**
 * Loads the opportunity of the address's slug for an organiser's page, with its loading,
 * not-found, error and no-access states. An old slug finds it too; the address is then replaced.
 */
export function OpportunityGate({ page, requires, parent, children }: OpportunityGateProps) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The status follows the clock, so a cached copy is shown only while a fresh one loads.
  const query = useQuery(OpportunityDocument, {
    variables: { slug },
    fetchPolicy: 'cache-and-network',
  });
  const opportunity = query.data?.opportunity;

  useEffect(() => {
    if (!opportunity || opportunity.slug === slug) return;
    const prefix = `/opportunity/${slug}`;
    const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
    void navigate(`/opportunity/${opportunity.slug}${rest}${location.search}`, { replace: true });
  }, [opportunity, slug, location.pathname, location.search, navigate]);

  const crumbs: Crumb[] = [{ label: tc('nav.opportunities'), to: '/opportunities/review' }];
  if (opportunity) {
    crumbs.push({ label: opportunity.title, to: `/opportunity/${opportunity.slug}` });
    if (parent) crumbs.push(parent(opportunity));
  }
  crumbs.push({ label: page });

  let body: ReactNode;
  if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!opportunity && query.loading) {
    body = <LoadingBlock />;
  } else if (!opportunity) {
    body = (
      <EmptyState
        icon={<EventBusyOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.gate.notFound')}
        hint={t('opportunities.gate.notFoundHint')}
        action={{ label: tc('nav.opportunities'), to: '/opportunities' }}
      />
    );
  } else if (!opportunity.viewerCan[requires]) {
    body = (
      <EmptyState
        icon={<LockOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.gate.noAccess')}
        hint={t('opportunities.gate.noAccessHint')}
        action={{ label: opportunity.title, to: `/opportunity/${opportunity.slug}` }}
      />
    );
  } else {
    body = children(opportunity);
  }

  return (
    <PageFrame title={opportunity ? `${page}: ${opportunity.title}` : page} breadcrumbs={crumbs}>
      {body}
    </PageFrame>
  );
}
