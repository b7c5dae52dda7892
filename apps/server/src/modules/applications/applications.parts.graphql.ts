import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { FileRef } from '../files/files.graphql';
import { teamSeesIdentity } from './applications.dashboard';
import { blindFileName, type ApplicationElement } from './applications.elements';
import { ApplicationStatusEnum, opportunityLoader } from './applications.refs';
import {
  applicationPolicy,
  type ApplicationStatusChangeRow,
  type ApplicationSummary,
} from './applications.service';

/*
 * The parts of an application that blind review reaches into (docs/decisions.md, "Blind review"):
 * whether the viewer sees who applied, its answered fields with their files, and its history.
 */

const teamSeesIdentityByRequest = new WeakMap<
  GraphQLContext,
  Map<string, boolean | Promise<boolean>>
>();

/**
 * Whether this viewer sees who applied (blind review hides it from reviewers). For the team it is
 * one answer per opportunity and request, given at once when known: the rows of a list then
 * resolve their identity fields without each waiting on it.
 */
export function seesIdentity(
  application: ApplicationSummary,
  context: GraphQLContext,
): boolean | Promise<boolean> {
  const viewerId = context.viewer.user?.id;
  if (applicationPolicy.isApplicant(viewerId, application)) return true;
  let decisions = teamSeesIdentityByRequest.get(context);
  if (!decisions) {
    decisions = new Map();
    teamSeesIdentityByRequest.set(context, decisions);
  }
  const known = decisions.get(application.opportunityId);
  if (known !== undefined) return known;
  const deciding = Promise.all([
    context.access.opportunity(application.opportunityId),
    opportunityLoader(context).load(application.opportunityId),
  ]).then(([grant, opportunity]) => {
    const sees = teamSeesIdentity(grant, opportunity?.blindReview ?? true);
    decisions.set(application.opportunityId, sees);
    return sees;
  });
  decisions.set(application.opportunityId, deciding);
  return deciding;
}

/** A step of the history as one viewer reads it. */
interface StatusChangeView extends ApplicationStatusChangeRow {
  /** The applicant made it and blind review hides who they are from the viewer. */
  byHiddenApplicant: boolean;
}

export async function historyOf(
  application: ApplicationSummary,
  context: GraphQLContext,
): Promise<StatusChangeView[]> {
  const [changes, sees] = await Promise.all([
    context.services.applications.history([application.id]),
    seesIdentity(application, context),
  ]);
  return changes.map((change) => ({
    ...change,
    byHiddenApplicant: !sees && change.actorId === application.userId,
  }));
}

/** The types of an application's answered fields and of its history steps. */
export function registerApplicationPartsGraphQL() {
  const ElementRef = builder.objectRef<ApplicationElement>('ApplicationElement');
  ElementRef.implement({
    description: 'One answered field of an application, in the order of its form.',
    fields: (t) => ({
      field_name: t.exposeString('field_name', { description: "The field's label." }),
      slug: t.exposeString('slug'),
      type: t.exposeString('type'),
      subtype: t.exposeString('subtype', { nullable: true }),
      value: t.field({ type: 'JSON', nullable: true, resolve: (element) => element.value }),
      files: t.field({
        type: [FileRef],
        description: "Under blind review named by the application's code: HLF-7K3M9Q-2.pdf.",
        resolve: async (element, _args, context) => {
          if (element.file_ids.length === 0) return [];
          const rows = await context.services.files.byIds(element.file_ids);
          const blind = element.blind_files;
          return element.file_ids.flatMap((id) =>
            rows
              .filter((row) => row.id === id)
              .map((row) =>
                blind ? { ...row, originalName: blindFileName(blind, row.id, row.extension) } : row,
              ),
          );
        },
      }),
      child_elements: t.field({ type: [ElementRef], resolve: (element) => element.child_elements }),
    }),
  });

  const StatusChangeRef = builder.objectRef<StatusChangeView>('ApplicationStatusChange').implement({
    description: 'One step of an application through its lifecycle.',
    fields: (t) => ({
      id: t.exposeID('id'),
      from_status: t.field({
        type: ApplicationStatusEnum,
        nullable: true,
        resolve: (row) => row.fromStatus,
      }),
      to_status: t.field({ type: ApplicationStatusEnum, resolve: (row) => row.toStatus }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      actor_name: t.string({
        nullable: true,
        description:
          'Who made the change; "Applicant" (translated) for the applicant under blind review; null when the system did (automatic approval).',
        resolve: async (row, _args, context) => {
          if (row.byHiddenApplicant) return context.t('roles.applicant');
          if (!row.actorId) return null;
          return (await context.services.users.current(row.actorId))?.name ?? null;
        },
      }),
    }),
  });

  return { ElementRef, StatusChangeRef };
}
