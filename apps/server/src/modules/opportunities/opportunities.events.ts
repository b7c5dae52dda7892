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
}

export const opportunityAggregate = (opportunityId: string) => `opportunity:${opportunityId}`;
