import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import BusinessIcon from '@mui/icons-material/Business';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { PageFrame, type Crumb } from '../../../app/layout/PageFrame';
import { useSession } from '../../../app/session';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  OrganisationBySlugDocument,
  type OrganisationFieldsFragment,
  type OrganisationViewerCanFieldsFragment,
} from '../../../gql/graphql';

export type Organisation = OrganisationFieldsFragment;
type Ability = keyof Omit<OrganisationViewerCanFieldsFragment, '__typename'>;

interface OrganisationGateProps {
  /** The page's name, after the organisation's in the breadcrumb; omitted on its own page. */
  page?: string;
  /** What the viewer must be allowed to do to see the page at all. */
  requires?: Ability;
  actions?: (organisation: Organisation) => ReactNode;
  children: (organisation: Organisation) => ReactNode;
}

/**
 * Loads the organisation of the address's slug for a page, with its loading, not-found, error
 * and no-access states. An old slug finds the organisation too; the address is then replaced
 * with the current one.
 */
export function OrganisationGate({ page, requires, actions, children }: OrganisationGateProps) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { status } = useSession();
  // The list of one's organisations needs an account; visitors are pointed to the search.
  const signedIn = status === 'authenticated';
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery(OrganisationBySlugDocument, { variables: { slug } });
  const organisation = query.data?.organisation;

  useEffect(() => {
    if (!organisation || organisation.slug === slug) return;
    const prefix = `/organisation/${slug}`;
    const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
    void navigate(`/organisation/${organisation.slug}${rest}${location.search}`, {
      replace: true,
    });
  }, [organisation, slug, location.pathname, location.search, navigate]);

  const crumbs: Crumb[] = signedIn
    ? [{ label: tc('nav.organisations'), to: '/organisations' }]
    : [{ label: tc('nav.opportunities'), to: '/opportunities' }];
  const name = organisation?.name ?? t('organisations.page.title');
  crumbs.push(page ? { label: name, to: `/organisation/${slug}` } : { label: name });
  if (page) crumbs.push({ label: page });
  const title = page ?? name;

  let body: ReactNode;
  if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.loading && !organisation) {
    body = <LoadingBlock />;
  } else if (!organisation) {
    body = (
      <EmptyState
        icon={<BusinessIcon fontSize="inherit" aria-hidden />}
        message={t('organisations.page.notFound')}
        hint={t('organisations.page.notFoundHint')}
        action={
          signedIn
            ? { label: tc('nav.organisations'), to: '/organisations' }
            : { label: tc('nav.opportunities'), to: '/opportunities' }
        }
      />
    );
  } else if (requires && !organisation.viewerCan[requires]) {
    body = (
      <EmptyState
        icon={<LockOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('organisations.page.noAccess')}
        hint={t('organisations.page.noAccessHint')}
        action={{ label: organisation.name, to: `/organisation/${organisation.slug}` }}
      />
    );
  } else {
    body = children(organisation);
  }

  const allowed = organisation && (!requires || organisation.viewerCan[requires]);
  return (
    <PageFrame
      title={title}
      breadcrumbs={crumbs}
      actions={allowed && actions ? actions(organisation) : undefined}
    >
      {body}
    </PageFrame>
  );
}
