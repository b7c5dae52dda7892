import type { CouponUpdateFields } from '@encore/core';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { oppScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { OpportunityRef, actorOf, idOf } from '../opportunities/opportunities.refs';
import { opportunityPolicy } from '../opportunities/opportunities.service';
import { couponPolicy, type CouponActor, type CouponRow } from './coupons.service';

/** The signed-in account acting, with what it holds on opportunities this request. */
async function couponActorOf(context: GraphQLContext): Promise<CouponActor> {
  const { id } = await actorOf(context);
  return { id, access: context.access };
}

/** The opportunity a coupon id belongs to, for the scope of the coupon's mutations. */
const opportunityOfCoupon = async (args: { id: string | number }, context: GraphQLContext) =>
  (await context.services.payments.coupons.requireById(idOf(args.id, 'id'))).opportunityId;

const byOpportunity = oppScope('manage_payments', (args: { opportunity: string | number }) =>
  idOf(args.opportunity, 'opportunity'),
);
const byCoupon = oppScope('manage_payments', opportunityOfCoupon);

/** Whoever manages the opportunity's payments: its organisation's owners and admins, its managers. */
const managesCoupons = (record: 'opportunity' | 'coupon') =>
  access({ record, allows: ['owner', 'manager', 'admin'], refuses: 'FORBIDDEN' });

/** What an applicant learns of a code they typed: enough for checkout to show the discount. */
interface CouponCheck {
  id: string;
  code: string;
  value: number;
}

/**
 * An opportunity's coupons (issue 20), for those who manage its payments, and the check an
 * applicant's code gets at checkout. Who may do what is `couponPolicy`'s; the scopes refuse
 * everyone else at the edge, the service asks again.
 */
export function registerCouponsGraphQL(): void {
  const CouponRef = builder.objectRef<CouponRow>('Coupon').implement({
    description: "A percentage off an opportunity's price, for as many applicants as it has slots.",
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      code: t.exposeString('code', { description: 'Typed by applicants in any case.' }),
      value: t.exposeInt('value', { description: 'Percent off, 1 to 100 (100: free).' }),
      slots: t.exposeInt('slots', {
        nullable: true,
        description: 'How many applicants may use it; null for no limit.',
      }),
      used_slots: t.exposeInt('usedSlots'),
      slots_left: t.int({
        nullable: true,
        description: 'Slots still free; null for no limit.',
        resolve: (row) => (row.slots === null ? null : Math.max(0, row.slots - row.usedSlots)),
      }),
      is_active: t.exposeBoolean('isActive', {
        description: 'Switched off, no new applicant can use it.',
      }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    }),
  });

  const CouponCheckRef = builder.objectRef<CouponCheck>('CouponCheck').implement({
    description: "A code an applicant typed that checkout will take: the coupon's percent off.",
    fields: (t) => ({
      id: t.exposeID('id'),
      code: t.exposeString('code'),
      value: t.exposeInt('value', { description: 'Percent off, 1 to 100 (100: free).' }),
      is_valid: t.boolean({
        description: 'Whether checkout takes it now (always, as unusable codes answer null).',
        resolve: () => true,
      }),
    }),
  });

  const CouponInput = builder.inputType('CouponInput', {
    fields: (t) => ({
      name: t.string({ required: true }),
      code: t.string({
        required: true,
        description: '3 to 32 letters, digits, dashes or underscores; unique in any case.',
      }),
      value: t.int({ required: true, description: 'Percent off, 1 to 100.' }),
      slots: t.int({ required: false, description: 'How many applicants; null for no limit.' }),
    }),
  });

  const CouponUpdateInput = builder.inputType('CouponUpdateInput', {
    description: 'A field left out stays as it is; `slots: null` lifts the limit.',
    fields: (t) => ({
      name: t.string({ required: false }),
      code: t.string({ required: false }),
      value: t.int({ required: false }),
      slots: t.int({ required: false }),
    }),
  });

  builder.objectField(OpportunityRef, 'coupons', (t) =>
    t.field({
      type: [CouponRef],
      nullable: true,
      description: "The opportunity's coupons, for those who manage its payments; null otherwise.",
      resolve: async (opportunity, _args, context) => {
        if (!context.viewer.isLoggedIn) return null;
        const grant = await context.access.opportunity(opportunity.id);
        if (!couponPolicy.manage(grant)) return null;
        return context.services.payments.coupons.list(opportunity.id, await couponActorOf(context));
      },
    }),
  );

  builder.queryFields((t) => ({
    opportunityCoupons: t.field({
      type: [CouponRef],
      description: "The opportunity's coupons, oldest first.",
      extensions: managesCoupons('opportunity'),
      authScopes: byOpportunity,
      args: { opportunity: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) =>
        context.services.payments.coupons.list(
          idOf(args.opportunity, 'opportunity'),
          await couponActorOf(context),
        ),
    }),
    getCoupon: t.field({
      type: CouponCheckRef,
      nullable: true,
      description:
        'The coupon an applicant typed at checkout, if it can be used now; null alike for a code that is unknown, used up or switched off.',
      extensions: access({ record: 'opportunity', allows: ['signedIn'], refuses: 'HIDDEN' }),
      authScopes: { loggedIn: true },
      args: {
        code: t.arg.string({ required: true }),
        opportunity: t.arg.id({ required: true }),
      },
      resolve: async (_root, args, context) => {
        const opportunityId = idOf(args.opportunity, 'opportunity');
        const [opportunity] = await context.services.opportunities.byIds([opportunityId]);
        if (
          !opportunity ||
          !opportunityPolicy.view(await context.access.opportunity(opportunityId), opportunity)
        ) {
          return null;
        }
        try {
          const row = await context.services.payments.coupons.findForApplicant(
            opportunityId,
            args.code,
            { field: 'code' },
          );
          return { id: row.id, code: row.code, value: row.value };
        } catch (error) {
          // The one refusal the service gives every unusable code: no answer, whichever it was.
          if (error instanceof AppError && error.code === 'VALIDATION') return null;
          throw error;
        }
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createCoupon: t.field({
      type: CouponRef,
      description: 'A new coupon on the opportunity, switched on.',
      extensions: managesCoupons('opportunity'),
      authScopes: byOpportunity,
      args: {
        opportunity: t.arg.id({ required: true }),
        input: t.arg({ type: CouponInput, required: true }),
      },
      resolve: async (_root, args, context) =>
        context.services.payments.coupons.create(
          idOf(args.opportunity, 'opportunity'),
          { ...args.input },
          await couponActorOf(context),
        ),
    }),
    updateCoupon: t.field({
      type: CouponRef,
      description: 'Changes what a coupon gives; slots cannot go below those already taken.',
      extensions: managesCoupons('coupon'),
      authScopes: byCoupon,
      args: {
        id: t.arg.id({ required: true }),
        input: t.arg({ type: CouponUpdateInput, required: true }),
      },
      resolve: async (_root, args, context) =>
        context.services.payments.coupons.update(
          idOf(args.id, 'id'),
          // A null other than `slots` is the service's to refuse, naming the field.
          { ...args.input } as CouponUpdateFields,
          await couponActorOf(context),
        ),
    }),
    setCouponActive: t.field({
      type: CouponRef,
      description:
        'Switches a coupon off (no new applicant can use it) or on again; slots taken stay taken.',
      extensions: managesCoupons('coupon'),
      authScopes: byCoupon,
      args: {
        id: t.arg.id({ required: true }),
        is_active: t.arg.boolean({ required: true }),
      },
      resolve: async (_root, args, context) =>
        context.services.payments.coupons.setActive(
          idOf(args.id, 'id'),
          args.is_active,
          await couponActorOf(context),
        ),
    }),
  }));
}
