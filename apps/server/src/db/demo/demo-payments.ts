import type { Answers, FormField, FormType } from '@encore/core';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { createInvalidationBus } from '../../lib/invalidation';
import { applicationCode } from '../../modules/applications/applications.code';
import { applications } from '../../modules/applications/applications.table';
import { createViewerAccess } from '../../modules/access/access';
import { Viewer } from '../../modules/access/viewer';
import { opportunities } from '../../modules/opportunities/opportunities.table';
import { organisations } from '../../modules/organisations/organisations.table';
import { coupons, payments } from '../../modules/payments/payments.table';
import { users } from '../../modules/users/users.table';
import { createServices, type Services } from '../../services';
import type { Database } from '../client';
import { bandForm, defaultFields, recordPath } from './demo-applications';
import { DEMO_ACCOUNTS, DEMO_CITIES } from './demo-data';

/** The demo's card that always goes through on the local processor. */
const SUCCEEDING_CARD = '4242 4242 4242 4242';

export const DEMO_PAID_OPPORTUNITY = 'riverside-stage-open-call';
export const DEMO_EXTERNAL_OPPORTUNITY = 'debut-ep-sessions';

export const DEMO_COUPONS = [
  { name: 'Early fifty', code: 'EARLY50', value: 50, slots: 10 },
  { name: 'Free pass', code: 'FREEPASS', value: 100, slots: 2 },
] as const;

interface DemoPayment {
  opportunity: string;
  applicant: string;
  formType: FormType;
  /** The tier's title (opportunity_payment_options.title); none for a fee paid elsewhere. */
  tier?: string;
  coupon?: string;
  /** Recorded by hand by this organiser (PAID_EXTERNAL). */
  recordedBy?: string;
  extraAnswers?: Answers;
}

/**
 * Who pays for what. Mateo is left out: the browser suite waits for the first mail to him (an
 * invitation, opportunity-search.e2e.ts), and a payment's events write to the applicant.
 */
export const DEMO_PAYMENTS: DemoPayment[] = [
  {
    opportunity: DEMO_PAID_OPPORTUNITY,
    applicant: 'chloe',
    formType: 'INDIVIDUAL',
    tier: 'Early bird',
    coupon: 'EARLY50',
  },
  {
    opportunity: DEMO_PAID_OPPORTUNITY,
    applicant: 'jonas',
    formType: 'INDIVIDUAL',
    tier: 'Regular',
    coupon: 'FREEPASS',
  },
  {
    opportunity: DEMO_PAID_OPPORTUNITY,
    applicant: 'velvet',
    formType: 'GENERAL',
    tier: 'Early bird',
    extraAnswers: {
      artist_name: 'The Velvet Tides',
      group_members: [
        { full_name: 'Ines Duarte', gender: 'female', instruments: ['lead-vocals'] },
        { full_name: 'Rui Costa', gender: 'male', instruments: ['drums'], back_vocals: true },
      ],
    },
  },
  {
    opportunity: DEMO_PAID_OPPORTUNITY,
    applicant: 'kora',
    formType: 'GENERAL',
    tier: 'Regular',
    extraAnswers: {
      artist_name: 'Kora Collective',
      group_members: [{ full_name: 'Awa Diallo', gender: 'female', instruments: ['kora'] }],
    },
  },
  {
    opportunity: DEMO_EXTERNAL_OPPORTUNITY,
    applicant: 'amira',
    formType: 'INDIVIDUAL',
    recordedBy: 'daniel',
  },
];

/** The organisation the demo connects to the local processor (it owns DEMO_PAID_OPPORTUNITY). */
export const DEMO_CONNECTED_ORGANISATION = 'harbour-lights-festival';

const lisbon = DEMO_CITIES.lisbon;

/**
 * Payments in the demo (issue 20), made through the payments services themselves so that the
 * books, slots, receipts and application statuses agree as in real use: Harbour Lights connects
 * its payout account on the local processor, the Riverside Stage call gets the EARLY50 and
 * FREEPASS coupons, four performers pay for it with the test card (or the free pass), and Blue
 * Room records a fee paid on its own site. Each step looks first whether it is done, so a restart
 * adds nothing. With the Stripe provider nothing is made here: its accounts live at Stripe.
 */
export async function seedDemoPayments(db: Database, config: Config): Promise<void> {
  if (config.payments.provider !== 'local') return;
  const services = createServices({
    db,
    config,
    invalidation: createInvalidationBus({ prefix: '' }),
  });
  const { payments: backbone, events } = services;
  const local = backbone.local!;
  const deliver = () => events.dispatcher.drain();

  const accountsByKey = new Map(
    (
      await db
        .select({ id: users.id, email: users.email, name: users.name, role: users.role })
        .from(users)
    ).map((row) => [DEMO_ACCOUNTS.find((demo) => demo.email === row.email)?.key, row]),
  );
  const person = (key: string) => {
    const found = accountsByKey.get(key);
    if (!found) throw new Error(`demo payments name an unknown account: ${key}`);
    return found;
  };
  const accessOf = (key: string) => {
    const { id, role } = person(key);
    return {
      id,
      access: createViewerAccess(
        new Viewer({ id, role }),
        services.organisations,
        services.opportunities,
      ),
    };
  };
  const opportunityOf = async (slug: string) =>
    (await db.select().from(opportunities).where(eq(opportunities.slug, slug)))[0];

  // Harbour Lights connects, as its owner would on the local processor's onboarding page.
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.slug, DEMO_CONNECTED_ORGANISATION));
  const paid = await opportunityOf(DEMO_PAID_OPPORTUNITY);
  if (!organisation || !paid) return;
  if (!(await backbone.accounts.of(organisation.id))?.chargesEnabled) {
    const step = await backbone.accounts.updateAccountLink({
      id: organisation.id,
      slug: organisation.slug,
      name: organisation.name,
      email: organisation.email,
    });
    if (step.url) {
      await local.onboarding.submit(new URL(step.url).searchParams.get('link')!, {
        businessType: 'COMPANY',
        country: 'PT',
        defaultCurrency: 'EUR',
        payout: {
          type: 'BANK_ACCOUNT',
          holderName: organisation.name,
          accountNumber: 'PT50000201231234567890154',
        },
      });
    }
    await deliver();
  }

  for (const coupon of DEMO_COUPONS) {
    const [existing] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.opportunityId, paid.id), eq(coupons.code, coupon.code)));
    if (!existing) await backbone.coupons.create(paid.id, { ...coupon }, accessOf('maya'));
  }

  for (const demo of DEMO_PAYMENTS) {
    const opportunity =
      demo.opportunity === paid.slug ? paid : await opportunityOf(demo.opportunity);
    if (!opportunity) continue;
    const applicant = person(demo.applicant);
    const applicationId = await awaitingPayment(db, services, opportunity, applicant, demo);
    const [done] = await db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, applicationId));
    if (done?.status === 'SUCCEEDED') continue;
    if (demo.recordedBy) {
      await backbone.externalPayments.record(applicationId, accessOf(demo.recordedBy));
      await deliver();
      continue;
    }
    const [tiers = []] = await services.opportunities.paymentOptionsOf([opportunity.id]);
    const tier = tiers.find((option) => option.title === demo.tier);
    if (!tier) throw new Error(`demo payments name an unknown tier: ${demo.tier}`);
    const session = await backbone.checkout.start(
      applicationId,
      { payment_option_id: tier.id, coupon_code: demo.coupon ?? null },
      accessOf(demo.applicant),
    );
    if (session.payment.status !== 'SUCCEEDED' && session.clientSecret) {
      await local.processor.confirmIntent(
        session.payment.providerIntentId!,
        session.clientSecret,
        SUCCEEDING_CARD,
      );
    }
    await deliver();
  }
  await events.dispatcher.stop();
}

/**
 * The applicant's complete application, sent and waiting for its fee, as `submitApplication`
 * leaves one on a paid opportunity (DRAFT, payment REQUIRES_CREATION); the one there already if
 * an earlier start made it.
 */
async function awaitingPayment(
  db: Database,
  services: Services,
  opportunity: { id: string; title: string },
  applicant: { id: string; email: string; name: string },
  demo: DemoPayment,
): Promise<string> {
  const existing = await services.applications.ofUserFor(applicant.id, opportunity.id);
  if (existing) return existing.id;
  const fields: FormField[] = demo.formType === 'GENERAL' ? bandForm().fields : defaultFields();
  const answers: Answers = {
    full_name: applicant.name,
    email: applicant.email,
    address: { label: 'Lisbon, Portugal', city_id: lisbon.id, country_code: lisbon.countryCode },
    ...demo.extraAnswers,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        code: applicationCode(opportunity.title),
        opportunityId: opportunity.id,
        userId: applicant.id,
        formId: null,
        formType: demo.formType,
        formSnapshot: fields,
        answers,
        status: 'DRAFT',
        paymentStatus: 'REQUIRES_CREATION',
        name: applicant.name,
        email: applicant.email,
        artistName: typeof answers.artist_name === 'string' ? answers.artist_name : null,
        address: 'Lisbon, Portugal',
      })
      .returning({ id: applications.id });
    await recordPath(tx, row!.id, ['DRAFT'], applicant.id, applicant.id, new Date());
    return row!.id;
  });
}
