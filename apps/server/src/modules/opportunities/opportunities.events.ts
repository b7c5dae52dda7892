import type { Locale } from '@encore/core';
import type { OpportunityMemberRole } from './opportunities.table';

/** What the opportunities feature tells the rest of the product. */
export interface OpportunityEvents {
  /** The invitation link travels sealed (`sealedPath`, lib/sealed.ts): it holds the token. */
  OpportunityMemberInvited: {
    opportunityId: string;
    opportunityTitle: string;
    memberId: string;
    email: string;
    role: OpportunityMemberRole;
    inviterName: string;
    inviteeId: string | null;
    inviteeName: string | null;
    locale: Locale;
    sealedPath: string;
  };
  /** Someone accepted or declined an invitation to the opportunity's team. */
  OpportunityInvitationAnswered: {
    opportunityId: string;
    opportunityTitle: string;
    opportunitySlug: string;
    memberId: string;
    role: OpportunityMemberRole;
    accepted: boolean;
    responderId: string;
    /** Who sent the invitation, if it is known. */
    inviterId: string | null;
  };
  /** A draft was published by hand: live at once, or scheduled for its `publish_at`. */
  OpportunityPublished: {
    opportunityId: string;
    organisationId: string;
    opportunityTitle: string;
    slug: string;
    publisherId: string;
    scheduled: boolean;
    /** The organisation's accepted team, as it was then. */
    teamMemberIds: string[];
  };
}

export const opportunityAggregate = (opportunityId: string) => `opportunity:${opportunityId}`;
