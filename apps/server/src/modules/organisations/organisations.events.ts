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
}

export const organisationAggregate = (organisationId: string) => `organisation:${organisationId}`;
