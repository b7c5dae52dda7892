import { createOpportunitySchema } from '@encore/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { startTestSmtp } from '../../../test/smtp';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
let server: TestServer;
let smtp: Smtp;
let owner: TestAccount;
let outsider: TestAccount;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  owner = await registerAccount(server, { name: 'Olga Owner' });
  outsider = await registerAccount(server, { name: 'Otto Outsider' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  account?: TestAccount,
): Promise<Answer> =>
  (await server.graphql(query, variables, account?.headers ?? {})).body as Answer;

async function opportunity(title: string) {
  const organisation = await insertOrganisation(server.database.db, { name: `${title} Org` }, [
    { userId: owner.id, email: owner.email, role: 'owner' },
  ]);
  return server.app.services.opportunities.create(
    createOpportunitySchema.parse({ organisation_id: organisation.id, title, time_zone: 'UTC' }),
    { id: owner.id, email: owner.email },
  );
}

const INVITE = `mutation($input: InviteOpportunityMemberInput!) {
  inviteOpportunityMember(input: $input) { id email role permissions status } }`;
const RESPOND = `mutation($input: RespondToOpportunityInvitationInput!) {
  respondToOpportunityInvitation(input: $input) { id role status } }`;
const CAN = `query($input: CanAccessInput!) { canAccess(input: $input) { granted opportunity_role } }`;

const tokenIn = (text: string) =>
  /\/opportunities\/review\?invitation=([\w-]+)/.exec(text)?.[1] ?? '';

describe("an opportunity's own people", () => {
  it('invites a reviewer by email; the link shows the invitation and accepting grants rating only', async () => {
    const row = await opportunity('Autumn Showcase');
    const reviewer = await registerAccount(server, { name: 'Rita Reviewer' });
    const invited = await call(
      INVITE,
      { input: { opportunity_id: row.id, email: reviewer.email, role: 'reviewer' } },
      owner,
    );
    expect(invited.data.inviteOpportunityMember).toMatchObject({
      email: reviewer.email,
      role: 'reviewer',
      permissions: ['rate', 'comment'],
      status: 'invited',
    });
    const mail = await smtp.waitFor(reviewer.email, 'Autumn Showcase');
    const token = tokenIn(mail.decoded);
    expect(token).not.toBe('');

    const preview = await call(
      'query($token: String!) { opportunityInvitation(token: $token) { role opportunity { title } } }',
      { token },
    );
    expect(preview.data.opportunityInvitation).toEqual({
      role: 'reviewer',
      opportunity: { title: 'Autumn Showcase' },
    });
    // The draft is not visible to the invitee before accepting.
    expect(
      (
        await call(
          'query($slug: String!) { opportunity(slug: $slug) { id } }',
          { slug: row.slug },
          reviewer,
        )
      ).data.opportunity,
    ).toBeNull();

    const accepted = await call(RESPOND, { input: { token, accept: true } }, reviewer);
    expect(accepted.data.respondToOpportunityInvitation).toMatchObject({ status: 'accepted' });
    const rate = await call(
      CAN,
      { input: { permission: 'rate', opportunity_id: row.id } },
      reviewer,
    );
    expect(rate.data.canAccess).toEqual({ granted: true, opportunity_role: 'reviewer' });
    const manage = await call(
      CAN,
      { input: { permission: 'manage_opportunity', opportunity_id: row.id } },
      reviewer,
    );
    expect(manage.data.canAccess.granted).toBe(false);
    expect(
      (
        await call(
          'query($slug: String!) { opportunity(slug: $slug) { id } }',
          { slug: row.slug },
          reviewer,
        )
      ).data.opportunity,
    ).toEqual({ id: row.id });
    // A used link is closed.
    const again = await call(RESPOND, { input: { token, accept: true } }, reviewer);
    expect(again.errors[0].extensions.category).toBe('not-found');
  });

  it('keeps an invitation for an address without an account until it registers', async () => {
    const row = await opportunity('Winter Auditions');
    const email = uniqueEmail('juror');
    await call(INVITE, { input: { opportunity_id: row.id, email, role: 'manager' } }, owner);
    const newcomer = await registerAccount(server, { email });
    const mine = await call(
      '{ myOpportunityInvitations { id role opportunity { id } } }',
      {},
      newcomer,
    );
    expect(mine.data.myOpportunityInvitations).toHaveLength(1);
    expect(mine.data.myOpportunityInvitations[0]).toMatchObject({
      role: 'manager',
      opportunity: { id: row.id },
    });
    const id = mine.data.myOpportunityInvitations[0].id;
    // Someone else cannot answer it by id.
    expect(
      (await call(RESPOND, { input: { id, accept: true } }, outsider)).errors[0].extensions
        .category,
    ).toBe('not-found');
    await call(RESPOND, { input: { id, accept: true } }, newcomer);
    const update = await call(
      'mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { venue } }',
      { input: { id: row.id, venue: 'Studio 4' } },
      newcomer,
    );
    expect(update.data.updateOpportunity).toEqual({ venue: 'Studio 4' });
  });

  it('gives a custom role exactly its permissions, changes roles and removes people', async () => {
    const row = await opportunity('Spring Residency');
    const helper = await registerAccount(server, { name: 'Hana Helper' });
    const missing = await call(
      INVITE,
      { input: { opportunity_id: row.id, email: helper.email, role: 'custom' } },
      owner,
    );
    expect(missing.errors[0].extensions.validation).toHaveProperty('input.permissions');
    const invited = await call(
      INVITE,
      {
        input: {
          opportunity_id: row.id,
          email: helper.email,
          role: 'custom',
          permissions: ['manage_applications'],
        },
      },
      owner,
    );
    const token = tokenIn((await smtp.waitFor(helper.email, 'Spring Residency')).decoded);
    await call(RESPOND, { input: { token, accept: true } }, helper);
    const ask = async (permission: string) =>
      (await call(CAN, { input: { permission, opportunity_id: row.id } }, helper)).data.canAccess
        .granted;
    expect(await ask('manage_applications')).toBe(true);
    expect(await ask('rate')).toBe(false);

    const memberId = invited.data.inviteOpportunityMember.id;
    // Only full access manages the people: the helper may not promote themself.
    const selfPromotion = await call(
      'mutation($input: ChangeOpportunityMemberRoleInput!) { changeOpportunityMemberRole(input: $input) { role } }',
      { input: { id: memberId, role: 'manager' } },
      helper,
    );
    expect(selfPromotion.errors[0].extensions.category).toBe('authorization');
    const changed = await call(
      'mutation($input: ChangeOpportunityMemberRoleInput!) { changeOpportunityMemberRole(input: $input) { role permissions } }',
      { input: { id: memberId, role: 'reviewer' } },
      owner,
    );
    expect(changed.data.changeOpportunityMemberRole).toEqual({
      role: 'reviewer',
      permissions: ['rate', 'comment'],
    });
    expect(await ask('rate')).toBe(true);
    await call(
      'mutation($input: OpportunityMemberIdInput!) { removeOpportunityMember(input: $input) { id } }',
      { input: { id: memberId } },
      owner,
    );
    expect(await ask('rate')).toBe(false);
  });

  it('lets only full access invite: strangers, outsiders and reviewers are refused', async () => {
    const row = await opportunity('Summer Camp');
    const input = { opportunity_id: row.id, email: uniqueEmail('someone'), role: 'reviewer' };
    expect((await call(INVITE, { input })).errors[0].extensions.category).toBe('authentication');
    expect((await call(INVITE, { input }, outsider)).errors[0].extensions.category).toBe(
      'authorization',
    );
    const reviewer = await registerAccount(server);
    await call(INVITE, { input: { ...input, email: reviewer.email } }, owner);
    const token = tokenIn((await smtp.waitFor(reviewer.email, 'Summer Camp')).decoded);
    await call(RESPOND, { input: { token, accept: true } }, reviewer);
    expect((await call(INVITE, { input }, reviewer)).errors[0].extensions.category).toBe(
      'authorization',
    );
    expect((await call(INVITE, { input }, owner)).errors).toBeUndefined();
  });
});
