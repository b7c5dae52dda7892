import { access } from '../../graphql/access-outcome';
import {
  OPPORTUNITY_PERMISSIONS,
  ORGANISATION_PERMISSIONS,
  type OpportunityPermission,
  type OrganisationPermission,
} from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { AppError } from '../../lib/errors';
import {
  allOpportunityPermissions,
  opportunityPermissionsOf,
} from '../opportunities/opportunities.service';
import { organisationAccess } from '../organisations/organisations.service';

const ACCESS_PERMISSIONS = [
  ...new Set([...ORGANISATION_PERMISSIONS, ...OPPORTUNITY_PERMISSIONS]),
] as readonly (OrganisationPermission | OpportunityPermission)[];

const canAccessSchema = z
  .strictObject({
    permission: z.string(),
    organisation_id: z.uuid().nullish(),
    opportunity_id: z.uuid().nullish(),
  })
  .refine((input) => Boolean(input.organisation_id) !== Boolean(input.opportunity_id), {
    message: 'validation.required',
    path: ['organisation_id'],
  });

interface AccessAnswer {
  granted: boolean;
  role: string | null;
  opportunityRole: string | null;
  platformAdmin: boolean;
  permissions: string[];
}

/** `canAccess(input)`: one question about the viewer, on an organisation or an opportunity. */
export function registerAccessGraphQL(): void {
  const PermissionEnum = builder.enumType('AccessPermission', {
    description: 'A permission of the organisation scope or of the opportunity scope.',
    values: ACCESS_PERMISSIONS,
  });

  const AnswerRef = builder.objectRef<AccessAnswer>('AccessAnswer').implement({
    description: 'Whether the viewer holds a permission, and through which role.',
    fields: (t) => ({
      granted: t.exposeBoolean('granted'),
      role: t.exposeString('role', {
        nullable: true,
        description: "The viewer's team role in the organisation (of the opportunity).",
      }),
      opportunity_role: t.exposeString('opportunityRole', {
        nullable: true,
        description: "The viewer's own role on the opportunity: manager, reviewer or custom.",
      }),
      platform_admin: t.exposeBoolean('platformAdmin'),
      permissions: t.field({
        type: [PermissionEnum],
        resolve: (answer) => answer.permissions as (typeof ACCESS_PERMISSIONS)[number][],
      }),
    }),
  });

  const CanAccessInput = builder.inputType('CanAccessInput', {
    fields: (t) => ({
      permission: t.field({ type: PermissionEnum, required: true }),
      organisation_id: t.id({ required: false }),
      opportunity_id: t.id({ required: false }),
    }),
  });

  builder.queryField('canAccess', (t) =>
    t.field({
      type: AnswerRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      description:
        'Whether the viewer holds a permission on an organisation or on an opportunity (name one).',
      args: { input: t.arg({ type: CanAccessInput }) },
      resolve: async (_root, { input }, context) => {
        const parsed = canAccessSchema.safeParse({
          permission: input.permission,
          organisation_id: input.organisation_id == null ? null : String(input.organisation_id),
          opportunity_id: input.opportunity_id == null ? null : String(input.opportunity_id),
        });
        if (!parsed.success) {
          const field = parsed.error.issues[0]?.path[0] ?? 'organisation_id';
          throw AppError.validation({ [`input.${String(field)}`]: ['validation.format.uuid'] });
        }
        const { permission, organisation_id, opportunity_id } = parsed.data;
        if (organisation_id) {
          if (!(ORGANISATION_PERMISSIONS as readonly string[]).includes(permission)) {
            throw AppError.validation({ 'input.permission': ['validation.in'] });
          }
          await context.services.organisations.requireById(organisation_id);
          const grant = await context.access.organisation(organisation_id);
          const answer = organisationAccess(grant);
          return {
            granted: answer.all[permission as OrganisationPermission],
            role: grant.role,
            opportunityRole: null,
            platformAdmin: grant.platformAdmin,
            permissions: answer.permissions,
          };
        }
        if (!(OPPORTUNITY_PERMISSIONS as readonly string[]).includes(permission)) {
          throw AppError.validation({ 'input.permission': ['validation.in'] });
        }
        const opportunity = await context.services.opportunities.requireById(opportunity_id!);
        if (opportunity.status === 'DELETED') throw AppError.notFound('opportunity');
        const grant = await context.access.opportunity(opportunity.id);
        return {
          granted: allOpportunityPermissions(grant)[permission as OpportunityPermission],
          role: grant.organisation.role,
          opportunityRole: grant.member?.role ?? null,
          platformAdmin: grant.organisation.platformAdmin,
          permissions: opportunityPermissionsOf(grant),
        };
      },
    }),
  );
}
