import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAccount(server, { name: 'Platform Admin' });
  await server.app.services.users.setRole(admin.id, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const STATUS = '{ upgradeStatus { id status organisation_name decision_note decided_at } }';
const REQUEST =
  'mutation($input: RequestAccountUpgradeInput!) { requestAccountUpgrade(input: $input) { id status organisation_name } }';
const CANCEL = 'mutation { cancelAccountUpgrade { id status } }';
const DECIDE =
  'mutation($input: DecideAccountUpgradeInput!) { decideAccountUpgrade(input: $input) { id status decision_note } }';
const LIST =
  'query($status: UpgradeStatusValue) { accountUpgradeRequests(status: $status, first: 10) { paginatorInfo { total } data { id status user { id } } } }';

const request = {
  organisation_name: 'Lantern Sessions',
  website: 'https://lantern.example',
  message: 'We host acoustic sessions every month and want to publish open calls.',
};

const role = async (account: TestAccount) =>
  (
    await server.graphql<{ me: { role: { name: string } } }>(
      '{ me { role { name } } }',
      undefined,
      account.headers,
    )
  ).body.data?.me.role.name;

describe('account upgrade requests', () => {
  it('lets a performer ask once, see the status and cancel', async () => {
    const performer = await registerAccount(server);
    expect((await server.graphql(STATUS, undefined, performer.headers)).body.data).toEqual({
      upgradeStatus: null,
    });
    const asked = await server.graphql<{ requestAccountUpgrade: { status: string } }>(
      REQUEST,
      { input: request },
      performer.headers,
    );
    expect(asked.body.data?.requestAccountUpgrade).toMatchObject({ status: 'PENDING' });
    const again = await server.graphql(REQUEST, { input: request }, performer.headers);
    expect(again.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.organisation_name': [
        'You have already asked for an organiser account. We will answer soon.',
      ],
    });
    const canceled = await server.graphql<{ cancelAccountUpgrade: { status: string } }>(
      CANCEL,
      undefined,
      performer.headers,
    );
    expect(canceled.body.data?.cancelAccountUpgrade.status).toBe('CANCELED');
    const status = await server.graphql<{ upgradeStatus: { status: string } }>(
      STATUS,
      undefined,
      performer.headers,
    );
    expect(status.body.data?.upgradeStatus.status).toBe('CANCELED');
  });

  it('checks the request, naming each field', async () => {
    const performer = await registerAccount(server);
    const response = await server.graphql(
      REQUEST,
      { input: { organisation_name: 'X', website: 'not a url', message: 'short' } },
      performer.headers,
    );
    expect(Object.keys(response.body.errors?.[0]?.extensions?.validation as object).sort()).toEqual(
      ['input.message', 'input.organisation_name', 'input.website'],
    );
  });

  it('takes a web page as the website, never a script or data URL', async () => {
    const performer = await registerAccount(server);
    for (const website of ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>']) {
      const response = await server.graphql(
        REQUEST,
        { input: { ...request, website } },
        performer.headers,
      );
      expect(response.body.errors?.[0]?.extensions?.validation).toEqual({
        'input.website': ['The website must be a valid URL.'],
      });
    }
    expect((await server.graphql(STATUS, undefined, performer.headers)).body.data).toEqual({
      upgradeStatus: null,
    });
  });

  it('tells an organiser there is nothing to ask for, and refuses strangers', async () => {
    const organiser = await registerAccount(server, { type: 'ORGANISATION' });
    const response = await server.graphql(REQUEST, { input: request }, organiser.headers);
    expect(response.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.organisation_name': ['Your account can already publish opportunities.'],
    });
    expect(
      (await server.graphql(REQUEST, { input: request })).body.errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
    expect((await server.graphql(STATUS)).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('lets only administrators list and decide; approval makes the person an organiser', async () => {
    const performer = await registerAccount(server);
    const other = await registerAccount(server);
    const asked = await server.graphql<{ requestAccountUpgrade: { id: string } }>(
      REQUEST,
      { input: request },
      performer.headers,
    );
    const id = asked.body.data!.requestAccountUpgrade.id;

    for (const headers of [performer.headers, other.headers]) {
      expect((await server.graphql(LIST, {}, headers)).body.errors?.[0]?.extensions?.category).toBe(
        'authorization',
      );
      const decide = await server.graphql(DECIDE, { input: { id, approve: true } }, headers);
      expect(decide.body.errors?.[0]?.extensions?.category).toBe('authorization');
    }
    expect(await role(performer)).toBe('performer');

    const pending = await server.graphql<{
      accountUpgradeRequests: {
        paginatorInfo: { total: number };
        data: Array<{ id: string; user: { id: string } }>;
      };
    }>(LIST, { status: 'PENDING' }, admin.headers);
    expect(pending.body.data?.accountUpgradeRequests.data.map((row) => row.id)).toContain(id);

    const approved = await server.graphql<{
      decideAccountUpgrade: { status: string; decision_note: string };
    }>(DECIDE, { input: { id, approve: true, note: 'Welcome aboard!' } }, admin.headers);
    expect(approved.body.data?.decideAccountUpgrade).toEqual({
      id,
      status: 'APPROVED',
      decision_note: 'Welcome aboard!',
    });
    expect(await role(performer)).toBe('organiser');
    await server.deliverEvents();
    const outbox = await server.app.services.mail.outbox(500);
    const mail = outbox.find((entry) => entry.recipient === performer.email);
    expect(mail?.template).toBe('upgrade_approved');
    expect(mail?.text).toContain('Welcome aboard!');

    const twice = await server.graphql(DECIDE, { input: { id, approve: false } }, admin.headers);
    expect(twice.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.id': ['This request has already been decided.'],
    });
  });

  it('rejects with a note the person sees', async () => {
    const performer = await registerAccount(server);
    const asked = await server.graphql<{ requestAccountUpgrade: { id: string } }>(
      REQUEST,
      { input: request },
      performer.headers,
    );
    const id = asked.body.data!.requestAccountUpgrade.id;
    await server.graphql(
      DECIDE,
      { input: { id, approve: false, note: 'Please add a website.' } },
      admin.headers,
    );
    const status = await server.graphql<{
      upgradeStatus: { status: string; decision_note: string };
    }>(STATUS, undefined, performer.headers);
    expect(status.body.data?.upgradeStatus).toMatchObject({
      status: 'REJECTED',
      decision_note: 'Please add a website.',
    });
    expect(await role(performer)).toBe('performer');
  });
});
