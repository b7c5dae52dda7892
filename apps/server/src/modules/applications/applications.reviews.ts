import { pageOffset } from '@encore/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isAnyOf } from '../../db/prepared';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { applicationAggregate, type ApplicationEvents } from './applications.events';
import type { ApplicationDeciders } from './applications.deciders';
import type { ApplicationsService } from './applications.service';
import {
  applicationComments,
  applicationReviews,
  applications,
  type ApplicationCommentRow,
  type ApplicationReviewRow,
  type ApplicationRow,
} from './applications.table';

export interface ApplicationReviewsDependencies {
  db: Database;
  applications: ApplicationsService;
  /** Who hears of a rating or a comment. */
  deciders: Pick<ApplicationDeciders, 'ofOpportunity'>;
  /** Where the feature records what happened (the people who decide hear of a review). */
  outbox: Outbox;
  clock: Clock;
}

export interface PageRequest {
  first: number;
  page: number;
}

export interface NewApplicationComment {
  applicationId: string;
  userId: string;
  content: string;
  isComment: boolean;
}

/**
 * The team's side of reviewing (issue 6 point 5): one rating per reviewer, kept summed on the
 * application so lists sort by the average without reading reviews, and the internal comments and
 * notes the applicant never sees. The first rating or comment opens a submitted application in
 * review. Callers have checked the permission (`rate`, `comment`) on the application.
 */
export function createApplicationReviews({
  db,
  applications: applicationsService,
  deciders,
  outbox,
  clock,
}: ApplicationReviewsDependencies) {
  const ratesStatement = db
    .select({ applicationId: applicationReviews.applicationId, rate: applicationReviews.rate })
    .from(applicationReviews)
    .where(
      and(
        eq(applicationReviews.userId, sql.placeholder('userId')),
        isAnyOf(applicationReviews.applicationId, 'ids'),
      ),
    )
    .prepare('application_rates_by');
  /**
   * Every write to an application's reviews holds its row first, so two reviewers rating at once
   * add to the kept total one after the other.
   */
  async function lockApplication(id: string, tx: Executor) {
    const [locked] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, id))
      .for('update');
    if (!locked) throw AppError.notFound('application');
  }

  async function applicationRow(id: string, tx: Executor): Promise<ApplicationRow> {
    const [row] = await tx.select().from(applications).where(eq(applications.id, id));
    if (!row) throw AppError.notFound('application');
    return row;
  }

  async function changeTotals(id: string, totalBy: number, countBy: number, tx: Executor) {
    if (totalBy === 0 && countBy === 0) return;
    await tx
      .update(applications)
      .set({
        ratingTotal: sql`${applications.ratingTotal} + ${totalBy}`,
        ratingCount: sql`${applications.ratingCount} + ${countBy}`,
      })
      .where(eq(applications.id, id));
  }

  /** The people to tell of a review, read before its transaction (PGlite runs one at a time). */
  async function decidersOf(applicationId: string): Promise<string[]> {
    const application = await applicationsService.requireById(applicationId);
    return deciders.ofOpportunity(application.opportunityId);
  }

  const reviewed = (
    application: ApplicationRow,
    reviewerId: string,
    review: ApplicationEvents['ApplicationReviewed']['review'],
    deciderIds: string[],
  ) =>
    domainEvent('ApplicationReviewed', applicationAggregate(application.id), {
      applicationId: application.id,
      code: application.code,
      opportunityId: application.opportunityId,
      reviewerId,
      review,
      deciderIds,
    });

  const ownReview = (applicationId: string, userId: string) =>
    and(eq(applicationReviews.applicationId, applicationId), eq(applicationReviews.userId, userId));

  return {
    /** Rates 1 to 5; rating again replaces the reviewer's earlier rating. */
    async rate(applicationId: string, userId: string, rate: number): Promise<ApplicationRow> {
      const deciderIds = await decidersOf(applicationId);
      return outbox.transaction(async (tx, record) => {
        await lockApplication(applicationId, tx);
        const [previous] = await tx
          .select({ rate: applicationReviews.rate })
          .from(applicationReviews)
          .where(ownReview(applicationId, userId));
        const now = clock();
        await tx
          .insert(applicationReviews)
          .values({ applicationId, userId, rate, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [applicationReviews.applicationId, applicationReviews.userId],
            set: { rate, updatedAt: now },
          });
        await changeTotals(applicationId, rate - (previous?.rate ?? 0), previous ? 0 : 1, tx);
        await applicationsService.markInReview(applicationId, userId, tx);
        const application = await applicationRow(applicationId, tx);
        await record(reviewed(application, userId, { kind: 'rating', rate }, deciderIds));
        return application;
      });
    },

    /** Takes the reviewer's rating back; nothing happens when there was none. */
    async removeRating(applicationId: string, userId: string): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        await lockApplication(applicationId, tx);
        const [removed] = await tx
          .delete(applicationReviews)
          .where(ownReview(applicationId, userId))
          .returning({ rate: applicationReviews.rate });
        if (removed) await changeTotals(applicationId, -removed.rate, -1, tx);
        return applicationRow(applicationId, tx);
      });
    },

    /** The reviews of each application asked about, oldest first, in one query. */
    async ofApplications(applicationIds: readonly string[]): Promise<ApplicationReviewRow[][]> {
      if (applicationIds.length === 0) return [];
      const rows = await db
        .select()
        .from(applicationReviews)
        .where(inArray(applicationReviews.applicationId, [...applicationIds]))
        .orderBy(asc(applicationReviews.createdAt), asc(applicationReviews.userId));
      return applicationIds.map((id) => rows.filter((row) => row.applicationId === id));
    },

    /** One reviewer's own rating of each application asked about (null where none), in one query. */
    async ratesBy(userId: string, applicationIds: readonly string[]): Promise<(number | null)[]> {
      if (applicationIds.length === 0) return [];
      const rows = await ratesStatement.execute({ userId, ids: applicationIds });
      const byId = new Map(rows.map((row) => [row.applicationId, row.rate]));
      return applicationIds.map((id) => byId.get(id) ?? null);
    },

    /** `applicationReviews`: the most recently changed first. */
    async page(
      applicationId: string,
      request: PageRequest,
    ): Promise<{ rows: ApplicationReviewRow[]; total: number }> {
      const where = eq(applicationReviews.applicationId, applicationId);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(applicationReviews)
          .where(where)
          .orderBy(desc(applicationReviews.updatedAt), asc(applicationReviews.userId))
          .limit(request.first)
          .offset(pageOffset(request.page, request.first)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(applicationReviews)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * `applicationComments`: oldest first, so the newest is last on the last page, as a thread
     * reads. `isComment` null lists comments and notes together.
     */
    async comments(
      applicationId: string,
      isComment: boolean | null,
      request: PageRequest,
    ): Promise<{ rows: ApplicationCommentRow[]; total: number }> {
      const where = and(
        eq(applicationComments.applicationId, applicationId),
        isComment === null ? undefined : eq(applicationComments.isComment, isComment),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(applicationComments)
          .where(where)
          .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id))
          .limit(request.first)
          .offset(pageOffset(request.page, request.first)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(applicationComments)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    async commentById(id: string): Promise<ApplicationCommentRow | undefined> {
      const [row] = await db
        .select()
        .from(applicationComments)
        .where(eq(applicationComments.id, id));
      return row;
    },

    /**
     * Adds a comment or a note; like a rating, it opens a submitted application in review. A
     * comment is recorded for the people who decide to hear of; a note stays with the record.
     */
    async addComment(comment: NewApplicationComment): Promise<ApplicationCommentRow> {
      const deciderIds = comment.isComment ? await decidersOf(comment.applicationId) : [];
      return outbox.transaction(async (tx, record) => {
        // Held before the insert: its foreign key would take a share lock that two comments at
        // once could not both upgrade when moving the application in review.
        await lockApplication(comment.applicationId, tx);
        const now = clock();
        const [row] = await tx
          .insert(applicationComments)
          .values({ ...comment, createdAt: now, updatedAt: now })
          .returning();
        await applicationsService.markInReview(comment.applicationId, comment.userId, tx);
        if (row!.isComment) {
          const application = await applicationRow(comment.applicationId, tx);
          await record(
            reviewed(
              application,
              comment.userId,
              { kind: 'comment', commentId: row!.id, content: row!.content },
              deciderIds,
            ),
          );
        }
        return row!;
      });
    },

    /** Deletes a comment; the caller has checked that the viewer wrote it or has full access. */
    async deleteComment(id: string): Promise<ApplicationCommentRow | undefined> {
      const [row] = await db
        .delete(applicationComments)
        .where(eq(applicationComments.id, id))
        .returning();
      return row;
    },
  };
}

export type ApplicationReviews = ReturnType<typeof createApplicationReviews>;
