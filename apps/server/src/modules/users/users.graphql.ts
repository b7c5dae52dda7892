import { ACCOUNT_TYPES, type PlatformRole } from '@encore/core';
import { builder } from '../../graphql/builder';
import type { Viewer } from '../../graphql/viewer';
import { AppError } from '../../lib/errors';
import { userPolicy } from './users.policy';
import type { UserRow } from './users.table';

const ROLE_DISPLAY_NAMES: Record<PlatformRole, string> = {
  performer: 'Performer',
  organiser: 'Organiser',
  admin: 'Administrator',
};

export const UserRef = builder.objectRef<UserRow>('User');

/** Rows the viewer holds as themselves even before a token exists (the user of an AuthPayload). */
const ownRows = new WeakSet<UserRow>();
export function asOwnAccount(user: UserRow): UserRow {
  ownRows.add(user);
  return user;
}
/** What the viewer may see of a user (users.policy.ts), for fields other features add to User. */
export const viewerSees = {
  private: (viewer: Viewer, user: UserRow) =>
    userPolicy.seesPrivate(viewer, user, ownRows.has(user)),
  contact: (viewer: Viewer, user: UserRow) =>
    userPolicy.seesContact(viewer, user, ownRows.has(user)),
};
export const AccountTypeRef = builder.enumType('AccountType', { values: ACCOUNT_TYPES });

export function registerUsersGraphQL(): void {
  const Role = builder.objectRef<PlatformRole>('Role').implement({
    fields: (t) => ({
      name: t.string({ resolve: (role) => role }),
      display_name: t.string({
        resolve: (role, _args, context) =>
          context.t(`roles.${role}`, { defaultValue: ROLE_DISPLAY_NAMES[role] }),
      }),
    }),
  });

  UserRef.implement({
    description: 'A person or band on Encore. Private fields answer only to the user and admins.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      email: t.string({
        nullable: true,
        description: 'To the person, admins, and signed-in people when the person allows contact.',
        resolve: (user, _args, context) =>
          userPolicy.seesContact(context.viewer, user, ownRows.has(user)) ? user.email : null,
      }),
      role: t.field({ type: Role, resolve: (user) => user.role }),
      selected_type: t.exposeString('selectedType'),
      locale: t.exposeString('locale'),
      is_verified: t.exposeBoolean('isVerified'),
      created_at: t.field({ type: 'DateTime', resolve: (user) => user.createdAt }),
    }),
  });

  builder.queryField('me', (t) =>
    t.field({
      type: UserRef,
      authScopes: { loggedIn: true },
      resolve: async (_root, _args, context) => {
        const account = await context.services.users.current(context.viewer.user!.id);
        if (!account) throw AppError.notFound('user');
        return account;
      },
    }),
  );
}
