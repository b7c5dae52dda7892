import {
  DECIDED_APPLICATION_STATUSES,
  FIXED_FORM_FIELDS,
  acceptedTypes,
  acceptsFile,
  applicationAnswersSchema,
  canReviewerMove,
  fieldLabelAt,
  formTypesOf,
  maxFileBytes,
  pageOffset,
  type Answers,
  type ApplicationStatus,
  type FormField,
  type FormType,
  type Locale,
  type LocationAnswer,
  type PaymentStatus,
  type ReviewApplicationStatus,
  type ValidationMap,
} from '@encore/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { pageWithItsTotal } from '../../db/page-total';
import { isAnyOf, preparedByShape } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { validationMap } from '../../lib/validation';
import type { Viewer } from '../access/viewer';
import type { FileReadAnswer, FileRow, FilesService } from '../files/files.service';
import type { FormsService } from '../forms/forms.service';
import type { OpportunitiesService, OpportunityRow } from '../opportunities/opportunities.service';
import type { OrganisationsService } from '../organisations/organisations.service';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { ApplicationDeciders } from './applications.deciders';
import { applicationAggregate } from './applications.events';
import { applicationCode } from './applications.code';
import { blindFileName, blindFilesOf, elementsOf } from './applications.elements';
import { applicationPolicy } from './applications.policy';
import {
  applicationStatusChanges,
  applicationSummaryColumns,
  applications,
  type ApplicationRow,
  type ApplicationStatusChangeRow,
  type ApplicationSummary,
} from './applications.table';

export { applicationPolicy } from './applications.policy';
export type {
  ApplicationCommentRow,
  ApplicationMessageRow,
  ApplicationReviewRow,
  ApplicationRow,
  ApplicationStatusChangeRow,
  ApplicationSummary,
} from './applications.table';

/** Why an application refuses a change: the status it is in, named in the reader's language. */
const lockedIn = (status: ApplicationStatus) => ({
  messageKey: 'errors.application_locked',
  translatedValues: { status: `emails:application_statuses.${status}` },
});

/** Files attached to an application: its applicant and the opportunity's reviewers read them. */
export const APPLICATION_FILE = 'application-file';

export interface ApplicationsDependencies {
  db: Database;
  opportunities: OpportunitiesService;
  forms: FormsService;
  files: FilesService;
  /** Where the feature records what happened (the applicant is emailed from there). */
  outbox: Outbox;
  organisations: OrganisationsService;
  /** Who hears of a submission. */
  deciders: Pick<ApplicationDeciders, 'of'>;
  clock: Clock;
}

export interface ApplicationActor {
  id: string;
  name: string;
  email: string;
  locale: Locale;
}

export interface SaveApplicationInput {
  opportunity_id: string;
  form_type: FormType;
  answers: unknown;
  payment_option_id?: string | null | undefined;
}

export interface UserApplicationFilters {
  status?: ApplicationStatus | null | undefined;
  sort?: 'created_at' | 'updated_at' | 'status' | null | undefined;
  asc?: boolean | null | undefined;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Applying and deciding (issue 6): drafts saved as the applicant types, submission checked against
 * the form, the deadline and the opportunity's state, and every status change recorded and sent to
 * the applicant by email.
 */
export function createApplicationsService({
  db,
  opportunities,
  forms,
  files,
  outbox,
  organisations,
  deciders,
  clock,
}: ApplicationsDependencies) {
  const userApplicationsOf = ({ byStatus }: { byStatus: boolean }) =>
    and(
      eq(applications.userId, sql.placeholder('userId')),
      byStatus ? eq(applications.status, sql.placeholder('status')) : undefined,
    );
  const userPageStatement = preparedByShape(
    'user_applications_page',
    (shape: {
      byStatus: boolean;
      sort: NonNullable<UserApplicationFilters['sort']>;
      asc: boolean;
    }) => {
      const column = {
        status: applications.status,
        updated_at: applications.updatedAt,
        created_at: applications.createdAt,
      }[shape.sort];
      // One person's applications are few: the total comes with the page, in the same statement.
      return db
        .select({ ...applicationSummaryColumns, total: sql<number>`(count(*) over ())::int` })
        .from(applications)
        .where(userApplicationsOf(shape))
        .orderBy(shape.asc ? asc(column) : desc(column), desc(applications.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    },
  );
  const userTotalStatement = preparedByShape(
    'user_applications_total',
    (shape: { byStatus: boolean }) =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(applications)
        .where(userApplicationsOf(shape)),
  );
  const byIdsStatement = db
    .select()
    .from(applications)
    .where(isAnyOf(applications.id, 'ids'))
    .prepare('applications_by_ids');

  async function requireById(id: string, executor: Executor = db): Promise<ApplicationRow> {
    const [row] = await executor.select().from(applications).where(eq(applications.id, id));
    if (!row) throw AppError.notFound('application');
    return row;
  }

  async function lockById(id: string, tx: Executor): Promise<ApplicationRow> {
    await tx.execute(
      sql`select id from ${applications} where ${applications.id} = ${id} for update`,
    );
    return requireById(id, tx);
  }

  async function recordStatus(
    tx: Executor,
    applicationId: string,
    from: ApplicationStatus | null,
    to: ApplicationStatus,
    actorId: string | null,
  ) {
    await tx
      .insert(applicationStatusChanges)
      .values({ applicationId, fromStatus: from, toStatus: to, actorId, createdAt: clock() });
  }

  /** The fields an application of this form answers: only the fixed ones when the form is skipped. */
  function askedFields(form: { fields: FormField[]; is_skipped: boolean }, type: FormType) {
    if (!form.is_skipped) return form.fields;
    return form.fields.filter((field) => FIXED_FORM_FIELDS[type].includes(field.slug));
  }

  function parseAnswers(
    fields: FormField[],
    answers: unknown,
    complete: boolean,
    maxMembers: number | null,
    t: Translate,
  ): Answers {
    const result = applicationAnswersSchema(fields, { complete, maxMembers }).safeParse(answers);
    if (result.success) return result.data;
    throw AppError.validation(
      validationMap(result.error.issues, t, 'input.answers', (issue) =>
        fieldLabelAt(fields, issue.path),
      ),
    );
  }

  /** Every file an answer set points at, with the field whose rules it must meet and its path. */
  function fileReferences(fields: readonly FormField[], answers: Answers, prefix: string[] = []) {
    const found: Array<{ fileId: string; field: FormField; path: string[] }> = [];
    for (const field of fields) {
      const value = answers[field.slug];
      if (field.type === 'group_members' && Array.isArray(value)) {
        value.forEach((member, index) => {
          if (member && typeof member === 'object' && !Array.isArray(member)) {
            found.push(
              ...fileReferences(field.child_fields, member as Answers, [
                ...prefix,
                field.slug,
                String(index),
              ]),
            );
          }
        });
      } else if (['image', 'audio', 'attachment'].includes(field.type) && Array.isArray(value)) {
        value.forEach((fileId, index) => {
          if (typeof fileId === 'string')
            found.push({ fileId, field, path: [...prefix, field.slug, String(index)] });
        });
      }
    }
    return found;
  }

  /**
   * Hands newly uploaded files to the application and checks each against its field's rules (type
   * sniffed at upload, size); a file someone else uploaded, or already given to another record, is
   * refused like a missing one.
   */
  async function attachAnswerFiles(
    application: ApplicationRow,
    fields: readonly FormField[],
    answers: Answers,
    known: ReadonlyMap<string, FileRow>,
    actorId: string,
    tx: Executor,
    t: Translate,
  ) {
    const problems: ValidationMap = {};
    const references = fileReferences(fields, answers);
    for (const { fileId, field, path } of references) {
      const key = ['input', 'answers', ...path].join('.');
      const label = { attribute: field.label };
      let file = known.get(fileId);
      if (!file || file.ownerType !== APPLICATION_FILE || file.ownerId !== application.id) {
        file = await files.attach(
          fileId,
          actorId,
          { ownerType: APPLICATION_FILE, ownerId: application.id, visibility: 'private' },
          tx,
        );
      }
      if (!file) {
        (problems[key] ??= []).push(t('validation.answer.file_reference', label));
        continue;
      }
      if (!acceptsFile(acceptedTypes(field), file.mimeType, file.originalName)) {
        (problems[key] ??= []).push(
          t('validation.answer.file_type', { ...label, types: acceptedTypes(field).join(', ') }),
        );
      }
      if (file.size > maxFileBytes(field)) {
        (problems[key] ??= []).push(
          t('validation.answer.file_size', { ...label, max: field.file_size ?? 25 }),
        );
      }
    }
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
  }

  /** The identity columns every form asks, taken from the answers for lists and blind review. */
  function identityOf(answers: Answers) {
    const text = (slug: string) => {
      const value = answers[slug];
      return typeof value === 'string' ? value : '';
    };
    const address = answers.address as LocationAnswer | undefined;
    return {
      name: text('full_name'),
      email: text('email'),
      artistName: text('artist_name') || null,
      address: address && typeof address === 'object' && 'label' in address ? address.label : '',
    };
  }

  function requireOpen(opportunity: OpportunityRow) {
    if (!opportunities.isOpen(opportunity)) {
      throw new AppError('CONFLICT', 'This opportunity is not taking applications.', {
        messageKey: 'errors.application_closed',
        messageValues: { opportunity: opportunity.title },
      });
    }
  }

  function requireEditable(application: ApplicationRow, opportunity: OpportunityRow) {
    if (!applicationPolicy.editableState(application)) {
      throw new AppError(
        'CONFLICT',
        'This application can no longer be changed.',
        lockedIn(application.status),
      );
    }
    requireOpen(opportunity);
  }

  async function insertDraft(
    opportunity: OpportunityRow,
    type: FormType,
    formId: string | null,
    fields: FormField[],
    actorId: string,
    tx: Executor,
  ): Promise<ApplicationRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await tx
          .insert(applications)
          .values({
            code: applicationCode(opportunity.title),
            opportunityId: opportunity.id,
            userId: actorId,
            formId,
            formType: type,
            formSnapshot: fields,
            status: 'DRAFT',
            createdAt: clock(),
            updatedAt: clock(),
          })
          .onConflictDoNothing({ target: [applications.opportunityId, applications.userId] })
          .returning();
        if (row) return row;
        throw new AppError('CONFLICT', 'You have already applied to this opportunity.', {
          messageKey: 'errors.application_duplicate',
        });
      } catch (error) {
        // A code already taken (one in a billion) is drawn again; anything else is real.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 3) throw error;
      }
    }
  }

  /** Records that an application moved, for whoever reacts (the applicant is emailed). */
  async function statusChanged(
    tx: Executor,
    application: ApplicationRow,
    from: ApplicationStatus,
    actorId: string | null,
    deciderIds?: string[],
  ) {
    await outbox.append(
      tx,
      domainEvent('ApplicationStatusChanged', applicationAggregate(application.id), {
        applicationId: application.id,
        code: application.code,
        applicantId: application.userId,
        opportunityId: application.opportunityId,
        from,
        to: application.status,
        actorId,
        applicantName: application.artistName || application.name || application.email,
        applicationEmail: application.email,
        ...(deciderIds ? { deciderIds } : {}),
      }),
    );
  }

  return {
    requireById: (id: string) => requireById(id),

    /**
     * The read policy of application files: whoever may see the application reads its files; a
     * viewer kept blind reads them under the application's code, not the name the applicant gave.
     */
    async canReadFile(viewer: Viewer, file: FileRow): Promise<FileReadAnswer> {
      const user = viewer.user;
      if (!user || !file.ownerId) return false;
      const [application] = await db
        .select()
        .from(applications)
        .where(eq(applications.id, file.ownerId));
      if (!application) return false;
      const [membership, [opportunity]] = await Promise.all([
        opportunities
          .membershipsOf(user.id, [application.opportunityId])
          .then((found) => found.get(application.opportunityId)),
        opportunities.byIds([application.opportunityId]),
      ]);
      const role = membership
        ? ((await organisations.rolesOf(user.id, [membership.organisationId])).get(
            membership.organisationId,
          ) ?? null)
        : null;
      const grant = {
        organisation: { role, platformAdmin: viewer.isAdmin },
        member: membership?.member ?? null,
      };
      if (!applicationPolicy.view(user.id, grant, application)) return false;
      const blindReview = opportunity?.blindReview ?? true;
      if (applicationPolicy.seesIdentity(user.id, grant, application, blindReview)) return true;
      const elements = elementsOf(application.formSnapshot, application.answers, true);
      return {
        name: blindFileName(blindFilesOf(application.code, elements), file.id, file.extension),
      };
    },

    async byIds(ids: readonly string[]): Promise<ApplicationRow[]> {
      if (ids.length === 0) return [];
      return byIdsStatement.execute({ ids });
    },

    /** The viewer's application to an opportunity, if they started one. */
    async ofUserFor(userId: string, opportunityId: string): Promise<ApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, userId), eq(applications.opportunityId, opportunityId)));
      return row;
    },

    /** `userApplications`: the viewer's own, newest first by default. */
    async ofUser(
      userId: string,
      filters: UserApplicationFilters,
      page: { first: number; page: number },
    ): Promise<{ rows: ApplicationSummary[]; total: number }> {
      const byStatus = Boolean(filters.status);
      const values = { userId, status: filters.status ?? null };
      const found = await userPageStatement({
        byStatus,
        sort: filters.sort ?? 'created_at',
        asc: !!filters.asc,
      }).execute({ ...values, limit: page.first, offset: pageOffset(page.page, page.first) });
      return pageWithItsTotal(found, () => userTotalStatement({ byStatus }).execute(values));
    },

    /** How many have applied to an opportunity so far (sent, whatever became of them). */
    async sentCount(opportunityId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(applications)
        .where(
          and(
            eq(applications.opportunityId, opportunityId),
            sql`${applications.status} <> 'DRAFT'`,
          ),
        );
      return row?.count ?? 0;
    },

    /** Every status the application passed through, oldest first. */
    async history(applicationIds: readonly string[]): Promise<ApplicationStatusChangeRow[]> {
      if (applicationIds.length === 0) return [];
      return db
        .select()
        .from(applicationStatusChanges)
        .where(inArray(applicationStatusChanges.applicationId, [...applicationIds]))
        .orderBy(asc(applicationStatusChanges.sequence));
    },

    /**
     * Saves the viewer's answers as they type: starts the draft on the first save, and keeps it (or
     * an application already submitted, until the deadline or a decision) in step with the form.
     * A submitted application must stay complete; a draft may be partial.
     */
    async save(input: SaveApplicationInput, actor: ApplicationActor, t: Translate) {
      const opportunity = await opportunities.requireById(input.opportunity_id);
      const existing = await this.ofUserFor(actor.id, opportunity.id);
      const type = existing?.formType ?? input.form_type;
      if (!existing && !formTypesOf(opportunity.target).includes(type)) {
        throw AppError.validation({ 'input.form_type': [t('validation.form.type_target')] });
      }
      const form = await forms.formOf(opportunity.id, type);
      if (!existing && !form.is_active) requireActiveForm();
      const fields =
        existing && existing.status !== 'DRAFT' ? existing.formSnapshot : askedFields(form, type);
      const complete = existing !== undefined && existing.status !== 'DRAFT';
      const answers = parseAnswers(fields, input.answers, complete, form.max_members, t);
      // Read before the transaction: the embedded database runs one statement stream at a time.
      const known = new Map(
        (
          await files.byIds(fileReferences(fields, answers).map((reference) => reference.fileId))
        ).map((file) => [file.id, file]),
      );
      return db.transaction(async (tx) => {
        const application = existing
          ? await lockById(existing.id, tx)
          : await insertDraft(opportunity, type, form.id, fields, actor.id, tx);
        requireEditable(application, opportunity);
        await attachAnswerFiles(application, fields, answers, known, actor.id, tx, t);
        const [saved] = await tx
          .update(applications)
          .set({
            answers,
            ...identityOf(answers),
            formSnapshot: fields,
            formId: application.status === 'DRAFT' ? form.id : application.formId,
            paymentOptionId:
              input.payment_option_id === undefined
                ? application.paymentOptionId
                : input.payment_option_id,
            updatedAt: clock(),
          })
          .where(eq(applications.id, application.id))
          .returning();
        if (!existing) await recordStatus(tx, saved!.id, null, 'DRAFT', actor.id);
        return saved!;
      });
    },

    /**
     * Sends a draft: every required answer present, the opportunity open and before its deadline.
     * A paid opportunity's application waits in DRAFT for its payment; with AUTO approval a free
     * one is accepted at once.
     */
    async submit(id: string, actor: ApplicationActor, t: Translate): Promise<ApplicationRow> {
      const draft = await requireById(id);
      if (draft.userId !== actor.id) throw AppError.notFound('application');
      const opportunity = await opportunities.requireById(draft.opportunityId);
      const form = await forms.formOf(opportunity.id, draft.formType);
      parseAnswers(draft.formSnapshot, draft.answers, true, form.max_members, t);
      // Read before the transaction (the embedded database runs one statement stream at a time).
      const deciderIds = opportunity.paymentType === 'FREE' ? await deciders.of(opportunity) : [];
      const saved = await db.transaction(async (tx) => {
        const application = await lockById(id, tx);
        if (application.status !== 'DRAFT' || application.paymentStatus !== null) {
          throw new AppError('CONFLICT', 'This application was already sent.', {
            messageKey: 'errors.application_already_submitted',
          });
        }
        requireOpen(opportunity);
        if (!form.is_active) requireActiveForm();
        const now = clock();
        if (opportunity.paymentType !== 'FREE') {
          const [waiting] = await tx
            .update(applications)
            .set({ paymentStatus: 'REQUIRES_CREATION', updatedAt: now })
            .where(eq(applications.id, id))
            .returning();
          return waiting!;
        }
        const status: ApplicationStatus =
          opportunity.approvalType === 'AUTO' ? 'ACCEPTED' : 'SUBMITTED';
        await recordStatus(tx, id, 'DRAFT', 'SUBMITTED', actor.id);
        if (status === 'ACCEPTED') await recordStatus(tx, id, 'SUBMITTED', 'ACCEPTED', null);
        const [submitted] = await tx
          .update(applications)
          .set({
            status,
            submittedAt: now,
            decidedAt: status === 'ACCEPTED' ? now : null,
            updatedAt: now,
          })
          .where(eq(applications.id, id))
          .returning();
        await statusChanged(tx, submitted!, 'DRAFT', actor.id, deciderIds);
        return submitted!;
      });
      return saved;
    },

    /**
     * The payments feature tells of a payment's new status (in order, per application): the
     * application shows it, and a paid draft is sent — accepted at once with AUTO approval —
     * whatever the deadline did while the payment went through. Safe to hear twice.
     */
    async applyPaymentStatus(id: string, paymentStatus: PaymentStatus): Promise<void> {
      const current = await requireById(id);
      const paid = paymentStatus === 'SUCCEEDED';
      // Read before the transaction (the embedded database runs one statement stream at a time).
      const opportunity = await opportunities.requireById(current.opportunityId);
      const deciderIds = paid && current.status === 'DRAFT' ? await deciders.of(opportunity) : [];
      await outbox.transaction(async (tx) => {
        const application = await lockById(id, tx);
        if (application.paymentStatus === paymentStatus) return;
        const now = clock();
        if (!paid || application.status !== 'DRAFT') {
          await tx
            .update(applications)
            .set({
              paymentStatus,
              // Refunded in full: the application says when (a partial refund leaves it paid).
              refundedAt: paymentStatus === 'REFUNDED' ? now : application.refundedAt,
              updatedAt: now,
            })
            .where(eq(applications.id, id));
          return;
        }
        const status: ApplicationStatus =
          opportunity.approvalType === 'AUTO' ? 'ACCEPTED' : 'SUBMITTED';
        await recordStatus(tx, id, 'DRAFT', 'SUBMITTED', application.userId);
        if (status === 'ACCEPTED') await recordStatus(tx, id, 'SUBMITTED', 'ACCEPTED', null);
        const [submitted] = await tx
          .update(applications)
          .set({
            status,
            paymentStatus,
            submittedAt: now,
            decidedAt: status === 'ACCEPTED' ? now : null,
            updatedAt: now,
          })
          .where(eq(applications.id, id))
          .returning();
        await statusChanged(tx, submitted!, 'DRAFT', application.userId, deciderIds);
      });
    },

    /** The applicant steps back before a decision. */
    async withdraw(id: string, actor: ApplicationActor): Promise<ApplicationRow> {
      const saved = await db.transaction(async (tx) => {
        const application = await lockById(id, tx);
        if (application.userId !== actor.id) throw AppError.notFound('application');
        if (!applicationPolicy.withdrawableState(application)) {
          throw new AppError(
            'CONFLICT',
            'This application can no longer be withdrawn.',
            lockedIn(application.status),
          );
        }
        await recordStatus(tx, id, application.status, 'WITHDRAWN', actor.id);
        const [withdrawn] = await tx
          .update(applications)
          .set({ status: 'WITHDRAWN', withdrawnAt: clock(), updatedAt: clock() })
          .where(eq(applications.id, id))
          .returning();
        await statusChanged(tx, withdrawn!, application.status, actor.id);
        return withdrawn!;
      });
      return saved;
    },

    /**
     * Moves applications of the team's opportunities (one or many at once): all or none, each
     * change recorded and emailed to its applicant. The caller has checked `manage_applications`
     * on every opportunity involved.
     */
    async changeStatus(
      ids: readonly string[],
      status: ReviewApplicationStatus,
      actor: { id: string },
    ): Promise<ApplicationRow[]> {
      const unique = [...new Set(ids)];
      return outbox.transaction(async (tx) => {
        const found: ApplicationRow[] = [];
        const problems: ValidationMap = {};
        for (const [index, id] of unique.entries()) {
          const application = await lockById(id, tx);
          if (application.status === status) {
            found.push(application);
            continue;
          }
          if (!canReviewerMove(application.status, status)) {
            problems[`input.ids.${index}`] = ['validation.application_transition'];
            continue;
          }
          const now = clock();
          await recordStatus(tx, id, application.status, status, actor.id);
          const [row] = await tx
            .update(applications)
            .set({
              status,
              decidedAt: DECIDED_APPLICATION_STATUSES.includes(status) ? now : null,
              updatedAt: now,
            })
            .where(eq(applications.id, id))
            .returning();
          await statusChanged(tx, row!, application.status, actor.id);
          found.push(row!);
        }
        if (Object.keys(problems).length > 0) throw AppError.validation(problems);
        return found;
      });
    },

    /**
     * Opens an application in review when a reviewer first rates or comments on it, in the
     * caller's transaction; says whether it moved.
     */
    async markInReview(id: string, actorId: string, tx: Executor): Promise<boolean> {
      const application = await lockById(id, tx);
      if (application.status !== 'SUBMITTED') return false;
      await recordStatus(tx, id, 'SUBMITTED', 'IN_REVIEW', actorId);
      const [opened] = await tx
        .update(applications)
        .set({ status: 'IN_REVIEW', updatedAt: clock() })
        .where(eq(applications.id, id))
        .returning();
      await statusChanged(tx, opened!, 'SUBMITTED', actorId);
      return true;
    },
  };
}

function requireActiveForm(): never {
  throw new AppError('CONFLICT', 'This form is not taking applications.', {
    messageKey: 'errors.application_form_inactive',
  });
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
