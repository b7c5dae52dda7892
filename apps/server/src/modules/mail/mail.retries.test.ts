import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../events/events.table';
import { startTestServer, type TestServer } from '../../../test/harness';
import { closedPort, startTestSmtp } from '../../../test/smtp';

let port: number;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;

beforeAll(async () => {
  port = await closedPort();
  // The mail server is down when the request comes; tries follow each other at once here.
  server = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    eventDispatch: { backoffMs: () => 0, maxAttempts: 50 },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const FORGOT =
  'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { success } }';

describe('an email while the mail server is down', () => {
  it('does not fail the request, and goes out once the mail server is back', async () => {
    const email = 'fanny.mendelssohn@example.test';
    await server.app.services.users.createAccount({
      name: 'Fanny Mendelssohn',
      email,
      password: 'easter-sonata-1828',
      role: 'performer',
      selectedType: 'INDIVIDUAL',
    });
    const asked = await server.graphql<{ forgotPassword: { success: boolean } }>(FORGOT, {
      input: { email },
    });
    expect(asked.body.errors).toBeUndefined();
    expect(asked.body.data?.forgotPassword.success).toBe(true);

    const reset = () =>
      server.database.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.name, 'PasswordResetRequested'));
    // The dispatcher keeps trying meanwhile; the first tries fail.
    for (let waited = 0; (await reset())[0]!.attempts < 2 && waited < 100; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [failing] = await reset();
    expect(failing).toMatchObject({ status: 'pending' });
    expect(failing!.attempts).toBeGreaterThanOrEqual(2);
    expect(failing!.lastError).toMatch(/^mail: .*ECONNREFUSED/);

    smtp = await startTestSmtp(port);
    const mail = await smtp.waitFor(email, '/password/reset?token=');
    expect(mail.to).toEqual([email]);
    await server.deliverEvents();
    const [delivered] = await reset();
    expect(delivered).toMatchObject({ status: 'delivered', lastError: null });
  });
});
