import type { Viewer } from '../../graphql/viewer';
import type { UserRow } from './users.table';

/**
 * What of a person others may see (docs/decisions.md, "Public profiles"). The person and platform
 * administrators see everything. Signed-in people see the public profile, and the contact details
 * (email, phone) only when the person allows contact. Date of birth, gender, exact position,
 * settings and language stay private.
 */
export const userPolicy = {
  seesPrivate(viewer: Viewer, user: Pick<UserRow, 'id'>, ownAccount = false): boolean {
    return ownAccount || viewer.user?.id === user.id || viewer.isAdmin;
  },

  seesContact(viewer: Viewer, user: Pick<UserRow, 'id' | 'settings'>, ownAccount = false): boolean {
    if (userPolicy.seesPrivate(viewer, user, ownAccount)) return true;
    return viewer.isLoggedIn && user.settings.allow_contact;
  },
};
