import type { Locale, OrganisationRole } from '@encore/core';

/** What the organisations feature tells the rest of the product. */
export interface OrganisationEvents {
  /** The invitation link travels sealed (`sealedPath`, lib/sealed.ts): it holds the token. */
  TeamMemberInvited: {
    organisationId: string;
    organisationName: string;
    memberId: string;
    email: string;
    role: OrganisationRole;
    inviterName: string;
    /** The account behind the address, if there is one. */
    inviteeId: string | null;
    inviteeName: string | null;
    locale: Locale;
    sealedPath: string;
  };
  /** Someone accepted or declined an invitation to the organisation's team. */
  TeamInvitationAnswered: {
    organisationId: string;
    organisationName: string;
    organisationSlug: string;
    memberId: string;
    role: OrganisationRole;
    accepted: boolean;
    responderId: string;
    /** Who sent the invitation, if it is known. */
    inviterId: string | null;
  };
}

export const organisationAggregate = (organisationId: string) => `organisation:${organisationId}`;
