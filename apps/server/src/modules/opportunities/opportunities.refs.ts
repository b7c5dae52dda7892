import { OPPORTUNITY_PERMISSIONS, OPPORTUNITY_STATUSES, OPPORTUNITY_TYPES } from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { AppError } from '../../lib/errors';
import { targetUserEnum } from '../lookups/lookups.graphql';
import type { OpportunityMemberRow, OpportunityRow } from './opportunities.service';

/** The GraphQL types the opportunity feature's schema files share. */
export const OpportunityRef = builder.objectRef<OpportunityRow>('Opportunity');
export const OpportunityMemberRef = builder.objectRef<OpportunityMemberRow>('OpportunityMember');
export const OpportunityStatusEnum = builder.enumType('OpportunityStatus', {
  values: OPPORTUNITY_STATUSES,
});
export const OpportunityTypeEnum = builder.enumType('OpportunityType', {
  values: OPPORTUNITY_TYPES,
});
export const OpportunityPermissionEnum = builder.enumType('OpportunityPermission', {
  values: OPPORTUNITY_PERMISSIONS,
});
export const OpportunityMemberRoleEnum = builder.enumType('OpportunityMemberRole', {
  values: ['manager', 'reviewer', 'custom'] as const,
});
export const TargetEnum = targetUserEnum();

const idSchema = z.uuid();
/** A uuid argument, refused by name before any scope reads the database. */
export const idOf = (value: unknown, field: string) => {
  const parsed = idSchema.safeParse(String(value));
  if (!parsed.success) throw AppError.validation({ [field]: ['validation.format.uuid'] });
  return parsed.data;
};

/** The signed-in account acting, as the services want it. */
export async function actorOf(context: GraphQLContext) {
  const user = context.viewer.user;
  if (!user) throw AppError.unauthenticated();
  const account = await context.services.users.current(user.id);
  if (!account) throw AppError.unauthenticated();
  return { id: account.id, email: account.email, name: account.name };
}
