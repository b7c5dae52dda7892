import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let nina: TestAccount;
let stranger: TestAccount;

const RESET_LINK = /\/password\/reset\?token=[\w-]+/;

beforeAll(async () => {
  server = await startTestServer();
  nina = await registerAccount(server, {
    name: '<b>Nina</b> Simone',
    email: 'nina.outbox@example.test',
  });
  stranger = await registerAccount(server, { email: 'someone.else@example.test' });
  await server.graphql(
    'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { success } }',
    {
      input: { email: nina.email },
    },
  );
  await server.deliverEvents();
});
afterAll(async () => {
  await server?.close();
});

const outboxPage = async (headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/dev/mail`, { headers });
  return { status: response.status, html: await response.text() };
};

describe('the development outbox', () => {
  it('is off in production unless MAIL_OUTBOX=on turns it on', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: server.config.dataDir } as const;
    expect(loadConfig(production).mailOutboxPage).toBe(false);
    expect(loadConfig({ ...production, MAIL_OUTBOX: 'on' }).mailOutboxPage).toBe(true);
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).mailOutboxPage).toBe(true);
  });

  it('shows nothing to an anonymous visitor, so no reset link can be read by a stranger', async () => {
    const page = await outboxPage();
    expect(page.status).toBe(401);
    expect(page.html).not.toContain(nina.email);
    expect(page.html).not.toMatch(/token=/);
  });

  it('shows another signed-in account none of the recipient’s mail', async () => {
    const page = await outboxPage(stranger.headers);
    expect(page.status).toBe(200);
    expect(page.html).toContain(stranger.email);
    expect(page.html).not.toContain(nina.email);
    expect(page.html).not.toMatch(RESET_LINK);
  });

  it('lists the recipient’s own emails with their links, escaped, signed in by header or cookie', async () => {
    for (const headers of [nina.headers, { cookie: `access_token=${nina.accessToken}` }]) {
      const page = await outboxPage(headers);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Confirm your email address');
      expect(page.html).toMatch(
        /<a href="http:\/\/localhost:\d+\/register\/complete\?token=[\w-]+">/,
      );
      expect(page.html).toMatch(RESET_LINK);
      expect(page.html).toContain('&lt;b&gt;Nina&lt;/b&gt;');
      expect(page.html).not.toContain('<b>Nina</b>');
      expect(page.html).not.toContain(stranger.email);
    }
  });

  it('lets a platform admin read the whole outbox', async () => {
    const page = await outboxPage(asUser(stranger.id, 'admin'));
    expect(page.html).toContain(nina.email);
    expect(page.html).toContain(stranger.email);
  });

  it('does not exist when the configuration turns it off', async () => {
    const closed = await startTestServer({ mailOutboxPage: false });
    try {
      const response = await fetch(`${closed.url}/dev/mail`, { headers: asUser(nina.id, 'admin') });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/token=/);
    } finally {
      await closed.close();
    }
  });
});
