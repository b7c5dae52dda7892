import {
  createOpportunitySchema,
  DEFAULT_LOCALE,
  isSupportedLocale,
  type Answers,
  type FormType,
  type RefundRequestInput,
} from '@encore/core';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { translatorFor } from '../../lib/i18n';
import { createInvalidationBus } from '../../lib/invalidation';
import { createViewerAccess } from '../../modules/access/access';
import { Viewer } from '../../modules/access/viewer';
import type { ApplicationRow } from '../../modules/applications/applications.service';
import { opportunities } from '../../modules/opportunities/opportunities.table';
import {
  organisations,
  type OrganisationRow,
} from '../../modules/organisations/organisations.table';
import { refundRequests } from '../../modules/payments/refunds.table';
import { users, type UserRow } from '../../modules/users/users.table';
import { createServices, type Services } from '../../services';
import type { Database } from '../client';
import { DEMO_ACCOUNTS, DEMO_CITIES, DEMO_PASSWORD } from './demo-data';
import { DEMO_CONNECTED_ORGANISATION, DEMO_PAID_OPPORTUNITY } from './demo-payments';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const SUCCEEDING_CARD = '4242 4242 4242 4242';

/** Harbour Lights' earlier event, over and paid out: where its payouts' money came from. */
export const DEMO_PAST_OPPORTUNITY = 'summer-nights-on-the-quay';

/**
 * A PT IBAN (check digits valid) ending 111113: the local processor's test number for a closed
 * account, so a payout to it fails and its money comes back (lib/payments/local/test-cards.ts).
 */
export const DEMO_CLOSED_ACCOUNT_NUMBER = 'PT96000700000012345111113';

/** Who paid for Summer Nights on the Quay, and how many days after it opened. */
export const DEMO_PAST_PAYMENTS: {
  applicant: string;
  formType: FormType;
  afterDays: number;
  extraAnswers?: Answers;
}[] = [
  { applicant: 'chloe', formType: 'INDIVIDUAL', afterDays: 2 },
  { applicant: 'jonas', formType: 'INDIVIDUAL', afterDays: 5 },
  {
    applicant: 'kora',
    formType: 'GENERAL',
    afterDays: 9,
    extraAnswers: {
      artist_name: 'Kora Collective',
      group_members: [{ full_name: 'Awa Diallo', gender: 'female', instruments: ['kora'] }],
    },
  },
];

/**
 * A performer who joins the demo here to be refunded: a refund of one of the payments demo's
 * payments would make its next start pay that application again (it looks for SUCCEEDED).
 */
export const DEMO_REFUNDED_PERFORMER = {
  name: 'Tomás Rocha',
  email: 'tomas@performer.test',
  locale: 'pt',
  about: 'Fado guitarist and songwriter from Alfama.',
} as const;

/** The Riverside Stage refund requests: one open, one refunded, one declined. */
export const DEMO_REFUND_REQUESTS: {
  /** A demo account's key, or the performer above. */
  applicant: string;
  request: RefundRequestInput;
  decision?: { approve: boolean; note: string };
}[] = [
  {
    applicant: 'chloe',
    request: {
      reason: 'CANT_ATTEND',
      message: 'My tour dates moved and I will be in Porto that weekend. Sorry to miss it!',
    },
  },
  {
    applicant: 'tomas',
    request: {
      reason: 'CANT_ATTEND',
      message: 'I broke my wrist and cannot play before the spring.',
    },
    decision: { approve: true, note: 'Get well soon, Tomás. We hope to hear you next year.' },
  },
  {
    applicant: 'kora',
    request: { reason: 'OTHER', message: 'We found another festival on the same dates.' },
    decision: {
      approve: false,
      note: 'The fee pays for the review of every application, so we cannot refund a change of plans.',
    },
  },
];

/**
 * Refunds and payouts in the demo (issue 21), made through the payments services after the
 * payments demo (`seedDemoPayments`), so that the books balance and the audit stays clean.
 *
 * Harbour Lights' payouts need money its events have released, and the local processor makes a
 * charge available only days after it: so the seed replays an earlier Harbour Lights event, Summer
 * Nights on the Quay, on a clock set back — created and published, applied to and paid for before
 * its deadline, decided, held until its end plus the payout hold, released — and pays it out: first
 * to a bank account whose number the processor treats as closed (failed, the money back on the
 * balance), then, with the good account the default again, the whole balance (paid). The failed
 * one comes first because one event's money is released once and a payout takes all that is
 * available: a payout after a paid one would have nothing to pay. Only the clock is set back: the
 * processor account itself is the one the payments demo connected today. Everything after that
 * runs on the real clock: the Riverside Stage call's money stays held (its event is
 * ahead), one of its applicants asks for a refund, one is refunded, one is declined. Each step
 * looks first whether it is done, so a restart adds nothing; nothing is made with Stripe.
 */
export async function seedDemoRefundsAndPayouts(db: Database, config: Config): Promise<void> {
  if (config.payments.provider !== 'local') return;
  let setBack: Date | null = null;
  const services = createServices({
    db,
    config,
    clock: () => setBack ?? new Date(),
    invalidation: createInvalidationBus({ prefix: '' }),
  });
  const deliver = () => services.events.dispatcher.drain();
  const demo: DemoContext = {
    db,
    services,
    async at(instant, step) {
      setBack = instant;
      try {
        const result = await step();
        await deliver();
        return result;
      } finally {
        setBack = null;
      }
    },
    person: () => {
      throw new Error('demo refunds: no accounts read yet');
    },
  };

  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.slug, DEMO_CONNECTED_ORGANISATION));
  const [riverside] = await db
    .select()
    .from(opportunities)
    .where(eq(opportunities.slug, DEMO_PAID_OPPORTUNITY));
  if (!organisation || !riverside) return;
  if (!(await services.payments.accounts.of(organisation.id))?.payoutsEnabled) return;

  if (!(await services.users.findByEmail(DEMO_REFUNDED_PERFORMER.email))) {
    await services.users.createAccount({
      ...DEMO_REFUNDED_PERFORMER,
      password: DEMO_PASSWORD,
      role: 'performer',
      selectedType: 'INDIVIDUAL',
      isVerified: true,
      cityId: DEMO_CITIES.lisbon.id,
      countryCode: DEMO_CITIES.lisbon.countryCode,
      latitude: DEMO_CITIES.lisbon.latitude,
      longitude: DEMO_CITIES.lisbon.longitude,
    });
  }
  const keyOf = (email: string) =>
    email === DEMO_REFUNDED_PERFORMER.email
      ? 'tomas'
      : DEMO_ACCOUNTS.find((account) => account.email === email)?.key;
  const accounts = new Map((await db.select().from(users)).map((row) => [keyOf(row.email), row]));
  demo.person = (key) => {
    const found = accounts.get(key);
    if (!found) throw new Error(`demo refunds name an unknown account: ${key}`);
    return found;
  };

  await replayPastEvent(demo, organisation);
  await requestRefunds(demo, riverside);
  await services.events.dispatcher.stop();
}

interface DemoContext {
  db: Database;
  services: Services;
  /** Runs a step at an instant of the past (the services' clock reads it), then delivers. */
  at: <T>(instant: Date, step: () => Promise<T>) => Promise<T>;
  person: (key: string) => UserRow;
}

const actorOf = ({ services, person }: DemoContext, key: string) => {
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

/** What every form asks first: who applies, and from where. */
function identityOf(applicant: { name: string; email: string }): Answers {
  const lisbon = DEMO_CITIES.lisbon;
  return {
    full_name: applicant.name,
    email: applicant.email,
    address: { label: 'Lisbon, Portugal', city_id: lisbon.id, country_code: lisbon.countryCode },
  };
}

/**
 * The performer's application to the opportunity, sent and paid with the test card as in the
 * browser (save, submit, checkout, the card confirmed); the one there already if it is paid.
 */
async function applyAndPay(
  demo: DemoContext,
  opportunityId: string,
  key: string,
  formType: FormType,
  extraAnswers: Answers = {},
): Promise<ApplicationRow> {
  const { services } = demo;
  const { id, name, email, locale: stored } = demo.person(key);
  const applicant = {
    id,
    name,
    email,
    locale: isSupportedLocale(stored) ? stored : DEFAULT_LOCALE,
  };
  const existing = await services.applications.ofUserFor(id, opportunityId);
  if (existing?.paymentStatus === 'SUCCEEDED') return existing;
  const [tiers = []] = await services.opportunities.paymentOptionsOf([opportunityId]);
  const tier = tiers.at(-1)!;
  const t = translatorFor(applicant.locale);
  const draft =
    existing ??
    (await services.applications.save(
      {
        opportunity_id: opportunityId,
        form_type: formType,
        answers: { ...identityOf(applicant), ...extraAnswers },
        payment_option_id: tier.id,
      },
      applicant,
      t,
    ));
  if (draft.paymentStatus === null) await services.applications.submit(draft.id, applicant, t);
  const session = await services.payments.checkout.start(
    draft.id,
    { payment_option_id: tier.id, coupon_code: null },
    actorOf(demo, key),
  );
  if (session.payment.status !== 'SUCCEEDED' && session.clientSecret) {
    await services.payments.local!.processor.confirmIntent(
      session.payment.providerIntentId!,
      session.clientSecret,
      SUCCEEDING_CARD,
    );
  }
  await services.events.dispatcher.drain();
  return (await services.applications.byIds([draft.id]))[0]!;
}

/**
 * Summer Nights on the Quay, replayed on a clock set back: published, paid for by three
 * performers before its deadline, decided, held until its end plus the hold, released, and paid
 * out — to the closed account first (failed, the money back), then to the good one (paid).
 */
async function replayPastEvent(demo: DemoContext, organisation: OrganisationRow): Promise<void> {
  const { db, services, at } = demo;
  const { payments: backbone } = services;
  const maya = demo.person('maya');

  let [past] = await db
    .select()
    .from(opportunities)
    .where(eq(opportunities.slug, DEMO_PAST_OPPORTUNITY));
  if (!past) {
    // Long enough ago for the hold to have ended and the payouts to have arrived.
    const eventDay = new Date(Date.now() - (backbone.payoutHoldDays + 35) * DAY_MS);
    const day = (offset: number) =>
      new Date(eventDay.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const input = createOpportunitySchema.parse({
      organisation_id: organisation.id,
      slug: DEMO_PAST_OPPORTUNITY,
      title: 'Summer Nights on the Quay',
      summary: 'Six songwriters, one warm night on the quay at Cais do Sodré.',
      description:
        '<p>Harbour Lights closes its summer with <strong>six songwriters</strong> on the quay.</p><ul><li>25-minute sets with in-house sound</li><li>Dinner and drinks for the act</li></ul>',
      venue: 'Cais do Sodré quay',
      city_id: DEMO_CITIES.lisbon.id,
      time_zone: 'Europe/Lisbon',
      deadline_date: `${day(-21)} 23:59`,
      start_date: `${day(0)} 19:00`,
      end_date: `${day(0)} 23:30`,
      types: ['showcase'],
      target: ['INDIVIDUALS', 'BANDS'],
      languages: ['en', 'pt'],
      approval_type: 'ON_REVIEW',
      payment_type: 'PAID_INTERNAL',
      payment_options: [{ title: 'Application fee', cost: 2000, currency: 'EUR', slots: 30 }],
    });
    past = await at(new Date(eventDay.getTime() - 51 * DAY_MS), async () => {
      const created = await services.opportunities.create(input, maya);
      return services.opportunities.publish(created.id, maya);
    });
  }
  const opened = past.publishedAt!;
  const paid: ApplicationRow[] = [];
  for (const payment of DEMO_PAST_PAYMENTS) {
    paid.push(
      await at(new Date(opened.getTime() + payment.afterDays * DAY_MS), () =>
        applyAndPay(demo, past.id, payment.applicant, payment.formType, payment.extraAnswers),
      ),
    );
  }
  const undecided = paid.filter((application) => application.status !== 'ACCEPTED');
  if (undecided.length > 0) {
    await at(new Date(past.deadlineAt!.getTime() + 3 * DAY_MS), () =>
      services.applications.changeStatus(
        undecided.map((application) => application.id),
        'ACCEPTED',
        maya,
      ),
    );
  }

  const released = new Date(past.endsAt!.getTime() + backbone.payoutHoldDays * DAY_MS + HOUR_MS);
  await at(released, () => backbone.payouts.releaseDue());
  const made = await backbone.payouts.payoutsOf(organisation.id);
  if (made.length === 0) {
    await at(new Date(released.getTime() + DAY_MS), async () => {
      const closed = await backbone.accounts.addExternalAccount(organisation.id, {
        country: 'PT',
        currency: 'EUR',
        holderName: organisation.name,
        accountNumber: DEMO_CLOSED_ACCOUNT_NUMBER,
      });
      await backbone.accounts.setDefaultExternalAccount(organisation.id, closed.id);
      return backbone.payouts.payOutNow(organisation.id, 'EUR', maya.id);
    });
  }
  if (!made.some((payout) => payout.status !== 'FAILED')) {
    await at(new Date(released.getTime() + 3 * DAY_MS), async () => {
      const good = (await backbone.accounts.externalAccounts(organisation.id)).find(
        (account) => !DEMO_CLOSED_ACCOUNT_NUMBER.endsWith(account.last4),
      );
      if (good) await backbone.accounts.setDefaultExternalAccount(organisation.id, good.id);
      return backbone.payouts.payOutNow(organisation.id, 'EUR', maya.id);
    });
  }
  // Today the bank has long since credited it: what the reconciliation job finds on its round.
  await backbone.payouts.reconcile();
  await services.events.dispatcher.drain();
}

/** On the real clock: the Riverside Stage call's refund requests, its money still held. */
async function requestRefunds(demo: DemoContext, riverside: { id: string }): Promise<void> {
  const { db, services } = demo;
  const { refunds } = services.payments;
  const asked = await db
    .select({ userId: refundRequests.userId })
    .from(refundRequests)
    .where(eq(refundRequests.opportunityId, riverside.id));
  for (const demoRequest of DEMO_REFUND_REQUESTS) {
    const applicant = demo.person(demoRequest.applicant);
    if (asked.some((row) => row.userId === applicant.id)) continue;
    const application =
      demoRequest.applicant === 'tomas'
        ? await applyAndPay(demo, riverside.id, 'tomas', 'INDIVIDUAL')
        : await services.applications.ofUserFor(applicant.id, riverside.id);
    if (application?.paymentStatus !== 'SUCCEEDED') continue;
    const request = await refunds.request(
      application.id,
      demoRequest.request,
      actorOf(demo, demoRequest.applicant),
    );
    const { decision } = demoRequest;
    if (decision?.approve) await refunds.approve(request.id, decision.note, actorOf(demo, 'maya'));
    else if (decision) await refunds.decline(request.id, decision.note, actorOf(demo, 'maya'));
    await services.events.dispatcher.drain();
  }
}
