import {
  COUPON_CODE_PATTERN,
  UUID_PATTERN,
  couponInputSchema,
  couponUpdateSchema,
  normaliseCouponCode,
  type CouponInputFields,
  type CouponUpdateFields,
  type ValidationMap,
} from '@encore/core';
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ViewerAccess } from '../access/access';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import { couponPolicy } from './coupons.policy';
import { coupons, type CouponRow } from './payments.table';

export { couponPolicy } from './coupons.policy';
export type { CouponRow } from './payments.table';

export interface CouponsDependencies {
  db: Database;
  clock: Clock;
  /** Coupons are made only for an opportunity that exists. */
  opportunities: Pick<OpportunitiesService, 'byIds'>;
}

/** Who acts: their account, and what they hold on opportunities (the request's `ViewerAccess`). */
export interface CouponActor {
  id: string;
  access: Pick<ViewerAccess, 'opportunity'>;
}

const UNIQUE_VIOLATION = '23505';
const CODE_INDEX = 'coupons_opportunity_code_key';

/** `input.code` has this problem; the caller's form may name the field otherwise. */
const codeProblem = (field: string, key: string) => AppError.validation({ [field]: [key] });

/** Every problem of the input as translation keys by field, or the parsed input. */
function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems: ValidationMap = {};
  for (const issue of result.error.issues) {
    const path = ['input', ...issue.path.map(String)].join('.');
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    const messages = (problems[path] ??= []);
    if (!messages.includes(key)) messages.push(key);
  }
  throw AppError.validation(problems);
}

/** The driver's error behind the ORM's, whichever of the two carries the code. */
function isCodeTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || constraint === CODE_INDEX;
  }
  return false;
}

/**
 * An opportunity's coupons (issue 20): percentages off its price for as many applicants as they
 * have slots, switched on and off by whoever manages its payments. Checkout redeems them through
 * `findForApplicant`, and takes and gives back slots in its own transaction.
 */
export function createCouponsService({ db, clock, opportunities }: CouponsDependencies) {
  /** Refuses an actor who may not manage the opportunity's coupons; `what` is what they asked for. */
  async function requireManager(
    opportunityId: string,
    actor: CouponActor,
    what: 'coupon' | 'opportunity',
  ): Promise<void> {
    const grant = await actor.access.opportunity(opportunityId);
    if (couponPolicy.manage(grant)) return;
    throw couponPolicy.admitsRefusal(grant) ? AppError.forbidden() : AppError.notFound(what);
  }

  async function requireCoupon(id: string, executor: Executor = db): Promise<CouponRow> {
    const [row] = UUID_PATTERN.test(id)
      ? await executor.select().from(coupons).where(eq(coupons.id, id))
      : [];
    if (!row) throw AppError.notFound('coupon');
    return row;
  }

  /** The coupon of the opportunity with this code, in any case, other than `exceptId`. */
  async function holderOfCode(
    executor: Executor,
    opportunityId: string,
    code: string,
    exceptId?: string,
  ): Promise<string | undefined> {
    const [row] = await executor
      .select({ id: coupons.id })
      .from(coupons)
      .where(
        and(
          eq(coupons.opportunityId, opportunityId),
          sql`${coupons.code} = ${code}::citext`,
          exceptId ? ne(coupons.id, exceptId) : undefined,
        ),
      );
    return row?.id;
  }

  const codeTaken = () => codeProblem('input.code', 'validation.coupon.code_taken');

  return {
    /** A coupon by id, with no check of who asks: for checkout and receipts, which have checked. */
    requireById: (id: string) => requireCoupon(id),

    /** The opportunity's coupons, oldest first, for those who manage its payments. */
    async list(opportunityId: string, actor: CouponActor): Promise<CouponRow[]> {
      if (!UUID_PATTERN.test(opportunityId)) throw AppError.notFound('opportunity');
      await requireManager(opportunityId, actor, 'opportunity');
      return db
        .select()
        .from(coupons)
        .where(eq(coupons.opportunityId, opportunityId))
        .orderBy(asc(coupons.createdAt), asc(coupons.id));
    },

    async create(
      opportunityId: string,
      input: CouponInputFields,
      actor: CouponActor,
    ): Promise<CouponRow> {
      if (!UUID_PATTERN.test(opportunityId)) throw AppError.notFound('opportunity');
      await requireManager(opportunityId, actor, 'opportunity');
      const fields = parse(couponInputSchema, input);
      // A platform admin holds full access on any id, one of no opportunity included.
      const [opportunity] = await opportunities.byIds([opportunityId]);
      if (!opportunity || opportunity.status === 'DELETED') throw AppError.notFound('opportunity');
      const now = clock();
      const [row] = await db
        .insert(coupons)
        .values({
          opportunityId,
          name: fields.name,
          code: fields.code,
          value: fields.value,
          slots: fields.slots ?? null,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        // Two organisers saving the same code at once: the second is told, not given a 500.
        .onConflictDoNothing({ target: [coupons.opportunityId, coupons.code] })
        .returning();
      if (!row) throw codeTaken();
      return row;
    },

    /** Changes what is given; an absent field stays as it is, `slots: null` lifts the limit. */
    async update(id: string, input: CouponUpdateFields, actor: CouponActor): Promise<CouponRow> {
      const current = await requireCoupon(id);
      await requireManager(current.opportunityId, actor, 'coupon');
      const changes = parse(couponUpdateSchema, input);
      try {
        return await db.transaction(async (tx) => {
          // Checkouts taking a slot wait for this edit, so the count compared is the count kept.
          const [locked] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
          if (!locked) throw AppError.notFound('coupon');
          const problems: ValidationMap = {};
          if (typeof changes.slots === 'number' && changes.slots < locked.usedSlots) {
            problems['input.slots'] = ['validation.slots_below_taken'];
          }
          if (
            changes.code !== undefined &&
            (await holderOfCode(tx, locked.opportunityId, changes.code, id))
          ) {
            problems['input.code'] = ['validation.coupon.code_taken'];
          }
          if (Object.keys(problems).length > 0) throw AppError.validation(problems);
          const [row] = await tx
            .update(coupons)
            .set({
              ...(changes.name === undefined ? {} : { name: changes.name }),
              ...(changes.code === undefined ? {} : { code: changes.code }),
              ...(changes.value === undefined ? {} : { value: changes.value }),
              ...(changes.slots === undefined ? {} : { slots: changes.slots }),
              updatedAt: clock(),
            })
            .where(eq(coupons.id, id))
            .returning();
          return row!;
        });
      } catch (error) {
        // Another coupon took the code between the check and the write.
        if (isCodeTaken(error)) throw codeTaken();
        throw error;
      }
    },

    /** Switches a coupon off (no new applicant can use it) or on again; slots taken stay taken. */
    async setActive(id: string, isActive: boolean, actor: CouponActor): Promise<CouponRow> {
      const current = await requireCoupon(id);
      await requireManager(current.opportunityId, actor, 'coupon');
      if (typeof isActive !== 'boolean') {
        throw AppError.validation({ 'input.is_active': ['validation.type.boolean'] });
      }
      const [row] = await db
        .update(coupons)
        .set({ isActive, updatedAt: clock() })
        .where(eq(coupons.id, id))
        .returning();
      if (!row) throw AppError.notFound('coupon');
      return row;
    },

    /**
     * The coupon an applicant typed, if it can be used now: switched on, with a slot left. Every
     * other case is the same refusal on the code's field, so that nobody learns whether a code
     * exists but is used up or switched off. Taking the slot is checkout's (`takeSlot`).
     */
    async findForApplicant(
      opportunityId: string,
      code: string,
      { field = 'input.code' }: { field?: string } = {},
    ): Promise<CouponRow> {
      const refusal = () => codeProblem(field, 'validation.coupon.not_valid');
      if (typeof code !== 'string' || !UUID_PATTERN.test(opportunityId)) throw refusal();
      const typed = normaliseCouponCode(code);
      // Text that no code can be (a NUL byte, a megabyte) never reaches the database.
      if (!COUPON_CODE_PATTERN.test(typed)) throw refusal();
      const [row] = await db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.opportunityId, opportunityId),
            sql`${coupons.code} = ${typed}::citext`,
            eq(coupons.isActive, true),
            or(isNull(coupons.slots), lt(coupons.usedSlots, coupons.slots)),
          ),
        );
      if (!row) throw refusal();
      return row;
    },

    /**
     * Takes one of the coupon's slots in the caller's transaction, as one conditional statement:
     * of applicants racing for the last slot, the database lets exactly one through (the others
     * wait on the row, then find no slot left). The coupon as it now stands, or false when it is
     * switched off or has no slot left. Rolled back with the caller's transaction, the slot returns.
     */
    async takeSlot(tx: Executor, couponId: string): Promise<CouponRow | false> {
      const [row] = await tx
        .update(coupons)
        .set({ usedSlots: sql`${coupons.usedSlots} + 1`, updatedAt: clock() })
        .where(
          and(
            eq(coupons.id, couponId),
            eq(coupons.isActive, true),
            or(isNull(coupons.slots), lt(coupons.usedSlots, coupons.slots)),
          ),
        )
        .returning();
      return row ?? false;
    },

    /**
     * Gives back a slot an abandoned or refunded checkout held, switched off or not; false when
     * none was taken. The caller gives back only what it took (`payments.holds_slots`).
     */
    async releaseSlot(tx: Executor, couponId: string): Promise<boolean> {
      const released = await tx
        .update(coupons)
        .set({ usedSlots: sql`${coupons.usedSlots} - 1`, updatedAt: clock() })
        .where(and(eq(coupons.id, couponId), sql`${coupons.usedSlots} > 0`))
        .returning({ id: coupons.id });
      return released.length > 0;
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
