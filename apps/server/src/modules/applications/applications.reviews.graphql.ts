import { access } from '../../graphql/access-outcome';
import { APPLICATION_LIMITS, pageArgsSchema } from '@encore/core';
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { pageRequest, paginatorType, toPage } from '../../graphql/pagination';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import {
  opportunityPermissionsOf,
  type OpportunityGrant,
} from '../opportunities/opportunities.service';
import { idOf } from '../opportunities/opportunities.refs';
import type { UserRow } from '../users/users.service';
import { UserRef } from '../users/users.graphql';
import { ApplicationRef, applicationFor, applicationLoader } from './applications.refs';
import {
  applicationPolicy,
  type ApplicationCommentRow,
  type ApplicationReviewRow,
  type ApplicationRow,
  type ApplicationSummary,
} from './applications.service';

/** Reviews and comments of one application rarely fill a page this long. */
const REVIEWS_PAGE_SIZE = 50;
const RATE_RANGE = { min: 1, max: 5 } as const;

/** A DataLoader made once per request, so a list of applications asks the database once. */
function perRequest<Value>(
  batch: (context: GraphQLContext, keys: readonly string[]) => Promise<Value[]>,
) {
  const loaders = new WeakMap<GraphQLContext, DataLoader<string, Value>>();
  return (context: GraphQLContext) => {
    let loader = loaders.get(context);
    if (!loader) {
      loader = new DataLoader((keys) => batch(context, keys));
      loaders.set(context, loader);
    }
    return loader;
  };
}

/**
 * The authors of reviews and comments. A team is small, so the accounts the users service keeps in
 * memory answer most of these; a list of applications asks for each reviewer once.
 */
const userLoader = perRequest<UserRow | null>((context, ids) =>
  Promise.all(ids.map(async (id) => (await context.services.users.current(id)) ?? null)),
);
const reviewsLoader = perRequest<ApplicationReviewRow[]>((context, ids) =>
  context.services.applicationReviews.ofApplications(ids),
);
const viewerRateLoader = perRequest<number | null>((context, ids) => {
  const viewerId = context.viewer.user?.id;
  return viewerId
    ? context.services.applicationReviews.ratesBy(viewerId, ids)
    : Promise.resolve(ids.map(() => null));
});

/**
 * Reviews, comments and notes are the team's: whoever reads the application as a team member (its
 * applicant never, even one who is also on the team).
 */
function readsAsTeam(
  viewerId: string | undefined,
  grant: OpportunityGrant,
  application: ApplicationSummary,
): boolean {
  return (
    !applicationPolicy.isApplicant(viewerId, application) &&
    applicationPolicy.view(viewerId, grant, application)
  );
}

async function viewerReadsAsTeam(application: ApplicationSummary, context: GraphQLContext) {
  const grant = await context.access.opportunity(application.opportunityId);
  return readsAsTeam(context.viewer.user?.id, grant, application);
}

/**
 * `value()` for the team, null for anyone else (the applicant). Answered at once once the
 * viewer's grant is known, as it is for every row of a list after the first.
 */
function forTeam<Value>(
  application: ApplicationSummary,
  context: GraphQLContext,
  value: () => Value | Promise<Value>,
): Value | null | Promise<Value | null> {
  const known = context.access.knownOpportunity(application.opportunityId);
  if (known) return readsAsTeam(context.viewer.user?.id, known, application) ? value() : null;
  return viewerReadsAsTeam(application, context).then((team) => (team ? value() : null));
}

const invalid = (field: string, message: string): never => {
  throw AppError.validation({ [field]: [message] });
};

function parseRate(rate: number, context: GraphQLContext): number {
  if (!Number.isInteger(rate) || rate < RATE_RANGE.min || rate > RATE_RANGE.max) {
    invalid('input.rate', context.t('errors.application_review_rate', RATE_RANGE));
  }
  return rate;
}

function parseContent(content: string, context: GraphQLContext): string {
  const trimmed = content.trim();
  if (trimmed === '') invalid('input.content', context.t('errors.application_comment_required'));
  if (trimmed.length > APPLICATION_LIMITS.commentLength) {
    invalid(
      'input.content',
      context.t('errors.application_comment_too_long', { max: APPLICATION_LIMITS.commentLength }),
    );
  }
  return trimmed;
}

function parsePage(args: { first?: number | null; page?: number | null }, context: GraphQLContext) {
  return parseInput(pageArgsSchema, pageRequest(args, REVIEWS_PAGE_SIZE), context.t, '');
}

const commentNotFound = () =>
  new AppError('NOT_FOUND', 'This comment was not found.', {
    messageKey: 'errors.application_comment_not_found',
  });

/** The application a comment belongs to, when the viewer reads it as a team member; else not found. */
async function commentAccess(comment: ApplicationCommentRow | undefined, context: GraphQLContext) {
  const application = comment ? await applicationLoader(context).load(comment.applicationId) : null;
  if (!comment || !application) throw commentNotFound();
  const grant = await context.access.opportunity(application.opportunityId);
  if (!readsAsTeam(context.viewer.user?.id, grant, application)) throw commentNotFound();
  return { comment, application, grant };
}

/** Its author, or whoever has full access on the opportunity (a manager, the organisation's owner). */
const deletesComment = (
  viewerId: string | undefined,
  grant: OpportunityGrant,
  comment: ApplicationCommentRow,
) =>
  (viewerId !== undefined && comment.userId === viewerId) ||
  opportunityPermissionsOf(grant).includes('full_access');

/** A rating or comment changed the application (totals, status): later fields read the new row. */
function remember(context: GraphQLContext, application: ApplicationRow): ApplicationRow {
  applicationLoader(context).clear(application.id).prime(application.id, application);
  return application;
}

export function registerApplicationReviewsGraphQL(): void {
  const ReviewRef = builder.objectRef<ApplicationReviewRow>('ApplicationReview').implement({
    description: "One team member's rating of an application, 1 to 5.",
    fields: (t) => ({
      rate: t.exposeInt('rate'),
      user: t.field({
        type: UserRef,
        nullable: true,
        description: 'Null once the account is deleted.',
        resolve: (review, _args, context) => userLoader(context).load(review.userId),
      }),
      created_at: t.field({ type: 'DateTime', resolve: (review) => review.createdAt }),
      updated_at: t.field({ type: 'DateTime', resolve: (review) => review.updatedAt }),
    }),
  });

  const CommentRef = builder.objectRef<ApplicationCommentRow>('ApplicationComment').implement({
    description:
      "The team's internal word on an application, never shown to its applicant: a comment, or a note kept with the record (is_comment false).",
    fields: (t) => ({
      id: t.exposeID('id'),
      content: t.exposeString('content'),
      is_comment: t.exposeBoolean('isComment'),
      user: t.field({
        type: UserRef,
        nullable: true,
        description: 'Null once the account is deleted.',
        resolve: (comment, _args, context) =>
          comment.userId ? userLoader(context).load(comment.userId) : null,
      }),
      created_at: t.field({ type: 'DateTime', resolve: (comment) => comment.createdAt }),
      can_delete: t.boolean({
        description: 'The viewer wrote it, or has full access on the opportunity.',
        resolve: async (comment, _args, context) => {
          const application = await applicationLoader(context).load(comment.applicationId);
          if (!application) return false;
          const grant = await context.access.opportunity(application.opportunityId);
          return deletesComment(context.viewer.user?.id, grant, comment);
        },
      }),
    }),
  });

  builder.objectFields(ApplicationRef, (t) => ({
    reviews: t.field({
      type: [ReviewRef],
      description: "The team's ratings, oldest first; empty for the applicant.",
      resolve: async (application, _args, context) =>
        (await viewerReadsAsTeam(application, context))
          ? reviewsLoader(context).load(application.id)
          : [],
    }),
    rate: t.float({
      nullable: true,
      description:
        "The average of the team's ratings; null before anyone rated, and for the applicant.",
      resolve: (application, _args, context) =>
        forTeam(application, context, () =>
          application.ratingCount > 0 ? application.ratingTotal / application.ratingCount : null,
        ),
    }),
    rating_count: t.int({
      nullable: true,
      description: 'How many team members rated it; null for the applicant.',
      resolve: (application, _args, context) =>
        forTeam(application, context, () => application.ratingCount),
    }),
    user_rate: t.int({
      nullable: true,
      description: "The viewer's own rating; null when they have not rated it.",
      resolve: (application, _args, context) =>
        forTeam(application, context, () => viewerRateLoader(context).load(application.id)),
    }),
  }));

  const ReviewPaginator = paginatorType('ApplicationReview', ReviewRef);
  const CommentPaginator = paginatorType('ApplicationComment', CommentRef);

  builder.queryFields((t) => ({
    applicationReviews: t.field({
      type: ReviewPaginator,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description: "An application's ratings, the most recently changed first; the team only.",
      args: {
        id: t.arg.id({ required: true }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const request = parsePage(args, context);
        const { application } = await applicationFor(context, args.id, 'id', (access) =>
          readsAsTeam(context.viewer.user?.id, access.grant, access.application),
        );
        const { rows, total } = await context.services.applicationReviews.page(
          application.id,
          request,
        );
        return toPage(rows, total, request);
      },
    }),
    applicationComments: t.field({
      type: CommentPaginator,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        "The team's comments (is_comment true), notes (false) or both (omitted) on an application, oldest first; the team only.",
      args: {
        id: t.arg.id({ required: true }),
        is_comment: t.arg.boolean({ required: false }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const request = parsePage(args, context);
        const { application } = await applicationFor(context, args.id, 'id', (access) =>
          readsAsTeam(context.viewer.user?.id, access.grant, access.application),
        );
        const { rows, total } = await context.services.applicationReviews.comments(
          application.id,
          args.is_comment ?? null,
          request,
        );
        return toPage(rows, total, request);
      },
    }),
  }));

  const RateInput = builder.inputType('RateApplicationInput', {
    fields: (t) => ({
      application_id: t.id({ required: true }),
      rate: t.int({ required: true, description: '1 to 5.' }),
    }),
  });
  const RemoveRatingInput = builder.inputType('RemoveApplicationRatingInput', {
    fields: (t) => ({ application_id: t.id({ required: true }) }),
  });
  const AddCommentInput = builder.inputType('AddApplicationCommentInput', {
    fields: (t) => ({
      application_id: t.id({ required: true }),
      content: t.string({ required: true }),
      is_comment: t.boolean({
        required: false,
        defaultValue: true,
        description: 'False keeps it as a note with the record.',
      }),
    }),
  });
  const DeleteCommentInput = builder.inputType('DeleteApplicationCommentInput', {
    fields: (t) => ({ id: t.id({ required: true }) }),
  });

  builder.mutationFields((t) => ({
    rateApplication: t.field({
      type: ApplicationRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        "Rates an application 1 to 5 (again: replaces the viewer's rating); needs `rate`. A submitted application moves to IN_REVIEW.",
      args: { input: t.arg({ type: RateInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const rate = parseRate(input.rate, context);
        const { application } = await applicationFor(
          context,
          input.application_id,
          'input.application_id',
          ({ grant }) => applicationPolicy.rate(grant),
        );
        return remember(
          context,
          await context.services.applicationReviews.rate(
            application.id,
            context.viewer.user!.id,
            rate,
          ),
        );
      },
    }),
    removeApplicationRating: t.field({
      type: ApplicationRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description: "Takes the viewer's rating back; needs `rate`.",
      args: { input: t.arg({ type: RemoveRatingInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const { application } = await applicationFor(
          context,
          input.application_id,
          'input.application_id',
          ({ grant }) => applicationPolicy.rate(grant),
        );
        return remember(
          context,
          await context.services.applicationReviews.removeRating(
            application.id,
            context.viewer.user!.id,
          ),
        );
      },
    }),
    addApplicationComment: t.field({
      type: CommentRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        'Adds an internal comment or note; needs `comment`. A submitted application moves to IN_REVIEW.',
      args: { input: t.arg({ type: AddCommentInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const content = parseContent(input.content, context);
        const { application } = await applicationFor(
          context,
          input.application_id,
          'input.application_id',
          ({ grant }) => applicationPolicy.comment(grant),
        );
        const comment = await context.services.applicationReviews.addComment({
          applicationId: application.id,
          userId: context.viewer.user!.id,
          content,
          isComment: input.is_comment ?? true,
        });
        applicationLoader(context).clear(application.id);
        return comment;
      },
    }),
    deleteApplicationComment: t.field({
      type: CommentRef,
      extensions: access({
        record: 'comment',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description: 'Deletes a comment or note: its author, or full access on the opportunity.',
      args: { input: t.arg({ type: DeleteCommentInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const id = idOf(input.id, 'input.id');
        const { comment, grant } = await commentAccess(
          await context.services.applicationReviews.commentById(id),
          context,
        );
        if (!deletesComment(context.viewer.user?.id, grant, comment)) {
          throw new AppError(
            'FORBIDDEN',
            'Only its author or full access can delete this comment.',
            {
              messageKey: 'errors.application_comment_not_author',
            },
          );
        }
        return (await context.services.applicationReviews.deleteComment(id)) ?? comment;
      },
    }),
  }));
}
