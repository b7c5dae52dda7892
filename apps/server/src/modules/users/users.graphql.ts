import { access } from '../../graphql/access-outcome';
import { ACCOUNT_TYPES, type PlatformRole } from '@encore/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import type { Viewer } from '../access/viewer';
import { AppError } from '../../lib/errors';
import { knowsAsApplicant } from '../applications/applications.identity.graphql';
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
/** A rule of users.policy.ts that also asks whether the viewer knows the person as an applicant. */
type KnowingRule = (
  viewer: Viewer,
  user: UserRow,
  ownAccount: boolean,
  knowsAsApplicant: boolean,
) => boolean;

async function seesUnder(rule: KnowingRule, context: GraphQLContext, user: UserRow) {
  const own = ownRows.has(user);
  // Most viewers asking are the person themselves: no need to look for their applications then.
  if (userPolicy.seesPrivate(context.viewer, user, own)) return true;
  return rule(context.viewer, user, own, await knowsAsApplicant(context, user.id));
}

/** What the viewer may see of a user (users.policy.ts), for fields other features add to User. */
export const viewerSees = {
  private: (viewer: Viewer, user: UserRow) =>
    userPolicy.seesPrivate(viewer, user, ownRows.has(user)),
  contact: (context: GraphQLContext, user: UserRow) =>
    seesUnder(userPolicy.seesContact, context, user),
  whereabouts: (context: GraphQLContext, user: UserRow) =>
    seesUnder(userPolicy.seesWhereabouts, context, user),
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
        description:
          'To the person, admins, and the teams that know them as an applicant when the person allows contact.',
        resolve: async (user, _args, context) =>
          (await viewerSees.contact(context, user)) ? user.email : null,
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
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, _args, context) => {
        const account = await context.services.users.current(context.viewer.user!.id);
        if (!account) throw AppError.notFound('user');
        return account;
      },
    }),
  );
}
