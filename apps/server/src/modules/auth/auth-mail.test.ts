import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startTestSmtp } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const linkToken = (text: string, path: string) => {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
};

async function registerAccount(email: string, locale?: string) {
  const response = await server.graphql<{ register: { access_token: string } }>(
    'mutation($input: RegisterInput!) { register(input: $input) { access_token } }',
    {
      input: {
        name: 'Clara Schumann',
        email,
        password: 'nocturne-in-f-minor',
        password_confirmation: 'nocturne-in-f-minor',
        type: 'INDIVIDUAL',
        ...(locale ? { locale } : {}),
      },
    },
  );
  return response.body.data!.register.access_token;
}

describe('account emails over SMTP', () => {
  it('has no development outbox page when mail really goes out', async () => {
    expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
  });

  it('sends a verification email whose link verifies the account once', async () => {
    const email = 'clara.verify@example.test';
    const accessToken = await registerAccount(email);
    const mail = await smtp.waitFor(email, 'Confirm your email address');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const token = linkToken(mail.decoded, '/register/complete');
    const verify = (value: string) =>
      server.graphql<{ verifyEmail: { is_verified: boolean; email: string } }>(
        'mutation($input: VerifyEmailInput!) { verifyEmail(input: $input) { is_verified email } }',
        { input: { token: value } },
      );
    const first = await verify(token);
    expect(first.body.data?.verifyEmail).toEqual({ is_verified: true, email });
    const second = await verify(token);
    expect(second.body.errors?.[0]?.message).toBe(
      'This link is invalid or has expired. Please ask for a new one.',
    );
    const me = await server.graphql<{ me: { is_verified: boolean } }>(
      '{ me { is_verified } }',
      undefined,
      {
        authorization: `Bearer ${accessToken}`,
      },
    );
    expect(me.body.data?.me.is_verified).toBe(true);
  });

  it('writes the email in the recipient language', async () => {
    const email = 'clara.deutsch@example.test';
    await registerAccount(email, 'de');
    const mail = await smtp.waitFor(email, 'register/complete');
    expect(mail.decoded).toContain('lang="de"');
    expect(mail.decoded).not.toContain('Confirm your email address');
  });

  it('resets a password through the emailed link, once, and ends every session', async () => {
    const email = 'clara.reset@example.test';
    const accessToken = await registerAccount(email);
    const login = await server.graphql<{ login: { refresh_token: string } }>(
      'mutation($input: LoginInput!) { login(input: $input) { refresh_token } }',
      { input: { email, password: 'nocturne-in-f-minor' } },
    );
    const refreshToken = login.body.data!.login.refresh_token;

    const ask = (address: string) =>
      server.graphql<{ forgotPassword: { success: boolean; message: string } }>(
        'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { success message } }',
        { input: { email: address } },
      );
    const known = await ask(email);
    const unknown = await ask('nobody-here@example.test');
    expect(unknown.body.data).toEqual(known.body.data);

    const mail = await smtp.waitFor(email, 'password/reset');
    const token = linkToken(mail.decoded, '/password/reset');
    const reset = (password: string) =>
      server.graphql<{ resetPassword: { success: boolean } }>(
        'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { success } }',
        { input: { token, password, password_confirmation: password } },
      );
    expect((await reset('a-brand-new-melody')).body.data?.resetPassword.success).toBe(true);
    expect((await reset('another-new-melody')).body.errors?.[0]?.extensions?.category).toBe(
      'bad-request',
    );

    const oldLogin = await server.graphql(
      'mutation($input: LoginInput!) { login(input: $input) { access_token } }',
      {
        input: { email, password: 'nocturne-in-f-minor' },
      },
    );
    expect(oldLogin.body.errors?.[0]?.message).toBe('These credentials do not match our records.');
    const newLogin = await server.graphql(
      'mutation($input: LoginInput!) { login(input: $input) { access_token } }',
      {
        input: { email, password: 'a-brand-new-melody' },
      },
    );
    expect(newLogin.body.errors).toBeUndefined();

    const refreshed = await server.graphql(
      'mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { access_token } }',
      { input: { refresh_token: refreshToken } },
    );
    expect(refreshed.body.errors?.[0]?.message).toContain('invalid_grant');
    const oldAccess = await server.graphql('{ me { id } }', undefined, {
      authorization: `Bearer ${accessToken}`,
    });
    expect(oldAccess.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await smtp.waitFor(email, 'was changed');
  });
});
