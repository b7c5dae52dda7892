import { APPLICATION_STATUSES, PAYMENT_STATUSES, REVIEW_APPLICATION_STATUSES } from '@encore/core';
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { AppError } from '../../lib/errors';
import type { OpportunityGrant, OpportunityRow } from '../opportunities/opportunities.service';
import { idOf } from '../opportunities/opportunities.refs';
import {
  applicationPolicy,
  type ApplicationRow,
  type ApplicationSummary,
} from './applications.service';

/** The GraphQL types the application feature's schema files share. */
// Lists give summaries; the fields that need the answers read them through `applicationContent`.
export const ApplicationRef = builder.objectRef<ApplicationSummary>('Application');
export const ApplicationStatusEnum = builder.enumType('ApplicationStatus', {
  values: APPLICATION_STATUSES,
});
export const ReviewApplicationStatusEnum = builder.enumType('ReviewApplicationStatus', {
  values: REVIEW_APPLICATION_STATUSES,
  description: 'What the team can set by hand.',
});
export const PaymentStatusEnum = builder.enumType('PaymentStatus', { values: PAYMENT_STATUSES });

const loaders = new WeakMap<GraphQLContext, DataLoader<string, ApplicationRow | null>>();

/** Applications by id, read once per request however many fields ask. */
export function applicationLoader(context: GraphQLContext) {
  let loader = loaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const rows = await context.services.applications.byIds(ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    });
    loaders.set(context, loader);
  }
  return loader;
}

/** The whole application behind a summary (its form and answers), read once per request. */
export async function applicationContent(
  context: GraphQLContext,
  application: ApplicationSummary | ApplicationRow,
): Promise<ApplicationRow> {
  if ('answers' in application) return application;
  const row = await applicationLoader(context).load(application.id);
  if (!row) throw AppError.notFound('application');
  return row;
}

const opportunityLoaders = new WeakMap<GraphQLContext, DataLoader<string, OpportunityRow | null>>();

/** Opportunities by id, read once per request: every application of a list asks for its own. */
export function opportunityLoader(context: GraphQLContext) {
  let loader = opportunityLoaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const rows = await context.services.opportunities.byIds(ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    });
    opportunityLoaders.set(context, loader);
  }
  return loader;
}

export interface ApplicationAccess {
  application: ApplicationRow;
  grant: OpportunityGrant;
}

/**
 * An application the viewer may see, with their grant on its opportunity. One they may not see
 * answers exactly like a missing one, so ids cannot be probed; `need` then asks for more
 * (a permission) and refuses with an authorization error.
 */
export async function applicationFor(
  context: GraphQLContext,
  id: unknown,
  field: string,
  need?: (access: ApplicationAccess) => boolean,
): Promise<ApplicationAccess> {
  const application = await applicationLoader(context).load(idOf(id, field));
  const viewerId = context.viewer.user?.id;
  if (!application) throw AppError.notFound('application');
  const grant = await context.access.opportunity(application.opportunityId);
  if (!applicationPolicy.view(viewerId, grant, application)) throw AppError.notFound('application');
  if (need && !need({ application, grant })) throw AppError.forbidden();
  return { application, grant };
}
