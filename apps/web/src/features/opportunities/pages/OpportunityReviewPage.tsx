import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { PageFrame } from '../../../app/layout/PageFrame';
import { LoadError } from '../../../components/PageStates';
import {
  MyOpportunityInvitationsDocument,
  OpportunityInvitationByTokenDocument,
} from '../../../gql/graphql';
import { LinkedInvitation } from '../review/LinkedInvitation';
import { MyOpportunityList } from '../review/MyOpportunityList';
import { OpenInvitations } from '../review/OpenInvitations';
import {
  parseReviewParams,
  serialiseReviewView,
  updateReviewView,
  type ReviewView,
} from '../review/review-params';

/**
 * /opportunities/review: the opportunities the viewer manages or reviews, with the invitations to
 * do so; the emailed invitation link lands here with ?invitation=.
 */
export function OpportunityReviewPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = parseReviewParams(params);
  const token = view.invitation;
  const linked = useQuery(OpportunityInvitationByTokenDocument, {
    variables: { token: token ?? '' },
    skip: token === null,
  });
  const invitations = useQuery(MyOpportunityInvitationsDocument);
  const title = t('opportunities.review.title');

  const change = (patch: Partial<ReviewView>, replace = false) =>
    setParams(serialiseReviewView(updateReviewView(view, patch)), { replace });
  const linkedId = linked.data?.opportunityInvitation?.id;
  // The invitation opened from the link is shown on its own, above the others.
  const others = (invitations.data?.myOpportunityInvitations ?? []).filter(
    (invitation) => invitation.id !== linkedId,
  );

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: tc('nav.opportunities'), to: '/opportunities' }, { label: title }]}
    >
      {token ? (
        <LinkedInvitation
          token={token}
          invitation={linked.data ? linked.data.opportunityInvitation : undefined}
          error={linked.error}
          onRetry={() => void linked.refetch()}
          // Answered: the link has done its work, and asking for it again would say "closed".
          onAnswered={() => change({ invitation: null, page: view.page }, true)}
        />
      ) : null}
      {invitations.error ? (
        <LoadError error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : (
        <OpenInvitations invitations={others} />
      )}
      <MyOpportunityList view={view} onChange={(patch) => change(patch)} />
    </PageFrame>
  );
}
