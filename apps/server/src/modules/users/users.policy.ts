import type { Viewer } from '../access/viewer';
import type { UserRow } from './users.table';

/**
 * What of a person others may see (docs/decisions.md, "Public profiles"). The person and platform
 * administrators see everything. Signed-in people see the public profile. Where the person lives
 * (city and its centre) and how to reach them (email, phone) go only to the teams that know them
 * as an applicant (`knowsAsApplicant`: they read an application of theirs and blind review does not
 * hide who sent it), the contact details only when the person allows contact. Date of birth,
 * gender, settings and language stay private.
 */
export const userPolicy = {
  seesPrivate(viewer: Viewer, user: Pick<UserRow, 'id'>, ownAccount = false): boolean {
    return ownAccount || viewer.user?.id === user.id || viewer.isAdmin;
  },

  seesContact(
    viewer: Viewer,
    user: Pick<UserRow, 'id' | 'settings'>,
    ownAccount: boolean,
    knowsAsApplicant: boolean,
  ): boolean {
    if (userPolicy.seesPrivate(viewer, user, ownAccount)) return true;
    return knowsAsApplicant && user.settings.allow_contact;
  },

  seesWhereabouts(
    viewer: Viewer,
    user: Pick<UserRow, 'id'>,
    ownAccount: boolean,
    knowsAsApplicant: boolean,
  ): boolean {
    return userPolicy.seesPrivate(viewer, user, ownAccount) || knowsAsApplicant;
  },
};
