import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { OpportunityPermission, OrganisationPermission } from '@encore/core';
import { AppError } from '../lib/errors';
import {
  holdsOnOpportunity,
  opportunityPolicy,
} from '../modules/opportunities/opportunities.policy';
import { holds, organisationPolicy } from '../modules/organisations/organisations.policy';
import type { GraphQLContext } from './context';

/**
 * Every query and mutation declares one of these scopes (schema-declarations.test.ts keeps a
 * snapshot). Record-level rules live in each feature's policy; scopes are the broad rule at the edge.
 */
export interface AuthScopes {
  public: boolean;
  loggedIn: boolean;
  admin: boolean;
  /** Platform organisers (and admins): who may create organisations. */
  organiser: boolean;
  /** An accepted member of the organisation with this id (or a platform admin). */
  orgMember: string;
  /** Holds the permission on the organisation (organisations.policy.ts). */
  orgPermission: { organisationId: string; permission: OrganisationPermission };
  /** Sees the opportunity's team side: its organisation's team or its own people. */
  oppTeam: string;
  /** Holds the permission on the opportunity (opportunities.policy.ts). */
  oppPermission: { opportunityId: string; permission: OpportunityPermission };
}

export type Scalars = {
  DateTime: { Input: Date; Output: Date | string };
  Date: { Input: string; Output: Date | string };
  Upload: { Input: File; Output: never };
  JSON: { Input: unknown; Output: unknown };
};

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  Scalars: Scalars;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
}>({
  plugins: [ScopeAuthPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
  scopeAuth: {
    authScopes: (context) => ({
      public: true,
      loggedIn: context.viewer.isLoggedIn,
      admin: context.viewer.isAdmin,
      organiser: context.viewer.user?.role === 'organiser' || context.viewer.isAdmin,
      orgMember: async (organisationId) =>
        organisationPolicy.seesPrivate(await context.access.organisation(organisationId)),
      orgPermission: async ({ organisationId, permission }) =>
        holds(await context.access.organisation(organisationId), permission),
      oppTeam: async (opportunityId) =>
        opportunityPolicy.isTeam(await context.access.opportunity(opportunityId)),
      oppPermission: async ({ opportunityId, permission }) =>
        holdsOnOpportunity(await context.access.opportunity(opportunityId), permission),
    }),
    unauthorizedError: (_parent, context) =>
      context.viewer.isLoggedIn ? AppError.forbidden() : AppError.unauthenticated(),
  },
});

builder.queryType({});

export type BuilderTypes = typeof builder.$inferSchemaTypes;
