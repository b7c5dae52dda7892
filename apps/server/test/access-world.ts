import { createOpportunitySchema } from '@encore/core';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { domainEvents } from '../src/events/events.table';
import { ACCESS_PARTIES, type AccessParty, type AccessRecord } from '../src/graphql/access-outcome';
import { hashToken, randomToken } from '../src/lib/opaque-tokens';
import { notifications } from '../src/modules/notifications/notifications.table';
import { opportunityMembers } from '../src/modules/opportunities/opportunities.table';
import { coupons } from '../src/modules/payments/payments.table';
import { organisationMembers } from '../src/modules/organisations/organisations.table';
import { registerAccount, type TestAccount } from './accounts';
import { asUser, type TestServer } from './harness';
import { managerAndReviewer, PUBLISHABLE_OPPORTUNITY, publishedOpportunity } from './opportunities';
import { insertOrganisation } from './organisations';
import { connectPayoutAccount } from './payments';

export type People = Record<Exclude<AccessParty, 'anonymous'>, TestAccount>;

/** One account per party; the platform admin is an account acting with the admin role. */
export async function createPeople(server: TestServer): Promise<People> {
  const people = {} as People;
  for (const party of ACCESS_PARTIES) {
    if (party === 'anonymous') continue;
    people[party] = await registerAccount(server, { name: `Access ${party}` });
  }
  return people;
}

/** The headers a party's requests carry. */
export function headersOf(people: People, party: AccessParty): Record<string, string> {
  if (party === 'anonymous') return {};
  if (party === 'admin') return asUser(people.admin.id, 'admin');
  return people[party].headers;
}

export interface AccessWorld {
  ids: Record<AccessRecord, string>;
  slugs: { organisation: string; opportunity: string; draft: string };
  tokens: { teamInvitation: string; opportunityInvitation: string };
  /**
   * Builds a record that costs more than the rest (a card payment for a refund request) the first
   * time an operation needs it; `ids` holds it afterwards.
   */
  prepare(record: AccessRecord): Promise<void>;
}

/**
 * A fresh set of records around the parties: an organisation (owner, member) with a published
 * opportunity (its own manager and reviewer, an application, a comment, an open invitation, a
 * coupon), a second published opportunity with another reviewer, a draft, and the organisation's
 * own open invitation; another organisation owned by `otherOrganisation`; on demand, a paid
 * opportunity (the same manager and reviewer) and the applicant's refund request on it. Each mutation tried as
 * its allowed parties gets one of its own, so what one call changes never decides what the next
 * one gets.
 */
export async function buildWorld(server: TestServer, people: People): Promise<AccessWorld> {
  const db = server.database.db;
  const seat = (party: keyof People) => ({
    userId: people[party].id,
    email: people[party].email,
  });
  const organisation = await insertOrganisation(db, { name: 'Access Harbour' }, [
    { ...seat('owner'), role: 'owner' },
    { ...seat('member'), role: 'member' },
  ]);
  await insertOrganisation(db, { name: 'Access Elsewhere' }, [
    { ...seat('otherOrganisation'), role: 'owner' },
  ]);
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Access open call',
    seats: managerAndReviewer(people.manager, people.reviewer),
  });
  await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Access other call',
    seats: [{ person: people.otherReviewer, role: 'reviewer', permissions: ['rate', 'comment'] }],
  });
  const draft = await server.app.services.opportunities.create(
    createOpportunitySchema.parse({
      organisation_id: organisation.id,
      title: 'Access draft',
      ...PUBLISHABLE_OPPORTUNITY,
    }),
    people.owner,
  );

  const teamInvitation = randomToken();
  const [teamSeat] = await db
    .select({ id: organisationMembers.id })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisation.id),
        eq(organisationMembers.userId, people.member.id),
      ),
    );
  const [invitedToTeam] = await db
    .insert(organisationMembers)
    .values({
      organisationId: organisation.id,
      ...seat('invitee'),
      role: 'editor',
      status: 'invited',
      invitationTokenHash: hashToken(teamInvitation),
      invitedById: people.owner.id,
    })
    .returning();

  const opportunityInvitation = randomToken();
  const [reviewerSeat] = await db
    .select({ id: opportunityMembers.id })
    .from(opportunityMembers)
    .where(
      and(
        eq(opportunityMembers.opportunityId, opportunity.id),
        eq(opportunityMembers.userId, people.reviewer.id),
      ),
    );
  const [invitedToOpportunity] = await db
    .insert(opportunityMembers)
    .values({
      opportunityId: opportunity.id,
      ...seat('invitee'),
      role: 'reviewer',
      permissions: ['rate', 'comment'],
      status: 'invited',
      invitationTokenHash: hashToken(opportunityInvitation),
      invitedById: people.owner.id,
    })
    .returning();

  const application = await apply(server, people.applicant, opportunity.id);
  const comment = await server.graphql<{ addApplicationComment: { id: string } }>(
    `mutation($input: AddApplicationCommentInput!) { addApplicationComment(input: $input) { id } }`,
    { input: { application_id: application, content: 'Strong set.', is_comment: true } },
    people.manager.headers,
  );
  const commentId = comment.body.data?.addApplicationComment.id;
  if (!commentId) throw new Error(`comment failed: ${JSON.stringify(comment.body.errors)}`);

  // An approved request made the applicant an organiser; each world starts from a performer.
  await server.app.services.users.setRole(people.applicant.id, 'performer');
  await server.app.services.accountUpgrades.cancel(people.applicant.id).catch(() => undefined);
  const upgrade = await server.app.services.accountUpgrades.request(people.applicant.id, {
    organisation_name: 'Access Sessions',
    message: 'We host sessions every month and want to publish open calls.',
  });
  // An email about the applicant's account that could not be sent: set aside for an admin.
  const [failedEvent] = await db
    .insert(domainEvents)
    .values({
      name: 'PasswordChanged',
      aggregate: `user:${people.applicant.id}`,
      payload: {
        userId: people.applicant.id,
        email: people.applicant.email,
        name: 'Access applicant',
        locale: 'en',
      },
      occurredAt: new Date(),
      nextAttemptAt: new Date(),
      status: 'failed',
      attempts: 10,
      lastError: 'mail: connect ECONNREFUSED 127.0.0.1:25',
    })
    .returning({ id: domainEvents.id });

  const [notification] = await db
    .insert(notifications)
    .values({
      userId: people.applicant.id,
      type: 'application_status',
      title: 'Your application is received',
      eventId: randomUUID(),
      subject: `application:${application}`,
    })
    .returning({ id: notifications.id });

  const [coupon] = await db
    .insert(coupons)
    .values({
      opportunityId: opportunity.id,
      name: 'Access friends',
      code: 'ACCESS-FRIENDS',
      value: 20,
      slots: 5,
      createdBy: people.owner.id,
    })
    .returning({ id: coupons.id });

  const ids = {
    organisation: organisation.id,
    opportunity: opportunity.id,
    draft: draft.id,
    application,
    comment: commentId,
    teamSeat: teamSeat!.id,
    opportunitySeat: reviewerSeat!.id,
    teamInvitation: invitedToTeam!.id,
    opportunityInvitation: invitedToOpportunity!.id,
    user: people.applicant.id,
    upgradeRequest: upgrade.id,
    failedEvent: failedEvent!.id,
    notification: notification!.id,
    coupon: coupon!.id,
    refundRequest: '',
  };
  let refundRequest: Promise<string> | undefined;
  return {
    ids,
    slugs: { organisation: organisation.slug, opportunity: opportunity.slug, draft: draft.slug },
    tokens: { teamInvitation, opportunityInvitation },
    async prepare(record) {
      if (record !== 'refundRequest') return;
      refundRequest ??= paidRefundRequest(server, people, organisation);
      ids.refundRequest = await refundRequest;
    },
  };
}

/**
 * The applicant's open refund request: the organisation's payout account is connected, and the
 * applicant pays a paid opportunity of it (with the same manager and reviewer) by card on the
 * local processor, then asks for the fee back.
 */
async function paidRefundRequest(
  server: TestServer,
  people: People,
  organisation: { id: string; slug: string; name: string },
): Promise<string> {
  await connectPayoutAccount(server, organisation);
  const paid = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Access paid call',
    seats: managerAndReviewer(people.manager, people.reviewer),
    fields: {
      payment_type: 'PAID_INTERNAL',
      payment_options: [{ title: 'Entry', cost: 1000, currency: 'EUR' }],
    },
  });
  const [[tier] = []] = await server.app.services.opportunities.paymentOptionsOf([paid.id]);
  const application = await apply(server, people.applicant, paid.id);
  const started = await server.graphql<{
    startCheckout: { payment: { id: string }; client_secret: string };
  }>(
    `mutation($application: ID!, $input: CheckoutInput) { startCheckout(application: $application, input: $input) { payment { id } client_secret } }`,
    { application, input: { payment_option_id: tier!.id } },
    people.applicant.headers,
  );
  const session = started.body.data?.startCheckout;
  if (!session) throw new Error(`startCheckout failed: ${JSON.stringify(started.body.errors)}`);
  const payment = await server.app.services.payments.checkout.paymentOf(application);
  await server.app.services.payments.local!.processor.confirmIntent(
    payment!.providerIntentId!,
    session.client_secret,
    '4242 4242 4242 4242',
  );
  await server.deliverEvents();
  await server.deliverEvents();
  const asked = await server.graphql<{ requestRefund: { id: string } }>(
    `mutation($application: ID!) { requestRefund(application: $application, reason: CANT_ATTEND) { id } }`,
    { application },
    people.applicant.headers,
  );
  const id = asked.body.data?.requestRefund.id;
  if (!id) throw new Error(`requestRefund failed: ${JSON.stringify(asked.body.errors)}`);
  return id;
}

async function apply(server: TestServer, applicant: TestAccount, opportunityId: string) {
  const saved = await server.graphql<{ saveApplication: { id: string } }>(
    `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`,
    {
      input: {
        opportunity_id: opportunityId,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Access Applicant',
          email: applicant.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
    applicant.headers,
  );
  const id = saved.body.data?.saveApplication.id;
  if (!id) throw new Error(`saveApplication failed: ${JSON.stringify(saved.body.errors)}`);
  const submitted = await server.graphql(
    `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id } }`,
    { input: { id } },
    applicant.headers,
  );
  if (submitted.body.errors)
    throw new Error(`submit failed: ${JSON.stringify(submitted.body.errors)}`);
  return id;
}
