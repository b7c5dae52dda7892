import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { refreshTokens } from './auth.table';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PAYLOAD =
  'access_token refresh_token expires_in token_type user { id name email role { name display_name } selected_type }';

interface Payload {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  user: { id: string; name: string; email: string; role: { name: string }; selected_type: string };
}

let counter = 0;
const uniqueEmail = () => `person${Date.now()}${(counter += 1)}@example.test`;

async function register(overrides: Record<string, unknown> = {}) {
  const input = {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: 'violin-sonata-42',
    password_confirmation: 'violin-sonata-42',
    type: 'INDIVIDUAL',
    ...overrides,
  };
  return server.graphql<{ register: Payload }>(
    `mutation($input: RegisterInput!) { register(input: $input) { ${PAYLOAD} } }`,
    { input },
  );
}

async function login(email: string, password: string, rememberMe = false) {
  return server.graphql<{ login: Payload }>(
    `mutation($input: LoginInput!) { login(input: $input) { ${PAYLOAD} } }`,
    { input: { email, password, remember_me: rememberMe } },
  );
}

async function refresh(refreshToken: string) {
  return server.graphql<{ refreshToken: Payload }>(
    `mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { ${PAYLOAD} } }`,
    { input: { refresh_token: refreshToken } },
  );
}

async function logout(refreshToken: string) {
  return server.graphql<{ logout: { success: boolean } }>(
    'mutation($input: RefreshTokenInput!) { logout(input: $input) { success message } }',
    { input: { refresh_token: refreshToken } },
  );
}

/** Refresh tokens of the account that may still be used: the newest of each session. */
async function liveRefreshTokens(userId: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    );
  return rows.length;
}

/** Moves the account's rotations beyond the grace window, as if the old token came back later. */
async function ageRotations(userId: string): Promise<void> {
  await server.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now() - interval '1 minute'` })
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.rotatedAt} is not null`));
}

async function me(accessToken: string) {
  return server.graphql<{ me: { id: string; email: string } }>('{ me { id email } }', undefined, {
    authorization: `Bearer ${accessToken}`,
  });
}

describe('register', () => {
  it('creates a performer account, signs it in and sends a verification email', async () => {
    const email = uniqueEmail();
    const response = await register({ email, type: 'BAND', name: 'The Night Owls' });
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data!.register;
    expect(payload).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    expect(payload.user).toMatchObject({
      email,
      role: { name: 'performer' },
      selected_type: 'BAND',
    });
    expect((await me(payload.access_token)).body.data?.me.email).toBe(email);
    await server.deliverEvents();
    const outbox = await server.app.services.mail.outbox();
    const mail = outbox.find((entry) => entry.recipient === email);
    expect(mail?.template).toBe('verify_email');
    expect(mail?.text).toMatch(/\/register\/complete\?token=[\w-]{43}/);
  });

  it('makes an organisation account an organiser', async () => {
    const response = await register({ type: 'ORGANISATION' });
    expect(response.body.data?.register.user.role.name).toBe('organiser');
  });

  it('names each invalid field with a full sentence', async () => {
    const response = await register({
      email: 'not-an-email',
      password: 'Zq9!x',
      password_confirmation: 'other',
      name: '',
    });
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'validation' });
    const validation = response.body.errors?.[0]?.extensions?.validation as Record<
      string,
      string[]
    >;
    expect(validation['input.email']).toEqual(['The email must be a valid email address.']);
    expect(validation['input.password']).toEqual(['The password must be at least 8 characters.']);
    expect(validation['input.name']).toEqual(['The name must be at least 2 characters.']);
  });

  it('refuses a common password and a confirmation that does not match', async () => {
    const common = await register({
      password: 'password123',
      password_confirmation: 'password123',
    });
    const validation = common.body.errors?.[0]?.extensions?.validation as Record<string, string[]>;
    expect(validation['input.password']).toEqual([
      'This password is too common. Please choose one that is harder to guess.',
    ]);
    const mismatch = await register({ password_confirmation: 'something-else-entirely' });
    const mismatchValidation = mismatch.body.errors?.[0]?.extensions?.validation as Record<
      string,
      string[]
    >;
    expect(mismatchValidation['input.password_confirmation']).toEqual([
      'The password confirmation does not match.',
    ]);
  });

  it('refuses an email that is taken, whatever its case, in the caller language', async () => {
    const email = uniqueEmail();
    await register({ email });
    const again = await register({ email: email.toUpperCase() });
    const validation = again.body.errors?.[0]?.extensions?.validation as Record<string, string[]>;
    expect(validation['input.email']).toEqual(['The email has already been taken.']);
    const french = await server.graphql(
      'mutation($input: RegisterInput!) { register(input: $input) { access_token } }',
      {
        input: {
          name: 'Ada',
          email,
          password: 'violin-sonata-42',
          password_confirmation: 'violin-sonata-42',
          type: 'INDIVIDUAL',
        },
      },
      { 'accept-language': 'fr' },
    );
    const frenchValidation = french.body.errors?.[0]?.extensions?.validation as Record<
      string,
      string[]
    >;
    expect(frenchValidation['input.email']?.[0]).not.toBe('The email has already been taken.');
  });
});

describe('login, refresh and logout', () => {
  it('logs in with the right password only, without saying which part was wrong', async () => {
    const email = uniqueEmail();
    await register({ email });
    const good = await login(email, 'violin-sonata-42');
    expect(good.body.data?.login.user.email).toBe(email);
    const badPassword = await login(email, 'wrong-password');
    const unknownEmail = await login(uniqueEmail(), 'violin-sonata-42');
    expect(badPassword.body.errors?.[0]?.message).toBe(
      'These credentials do not match our records.',
    );
    expect(unknownEmail.body.errors?.[0]?.message).toBe(badPassword.body.errors?.[0]?.message);
    expect(badPassword.body.errors?.[0]?.extensions?.category).toBe('bad-request');
  });

  it('rotates the refresh token on every use', async () => {
    const session = (await register()).body.data!.register;
    const first = await refresh(session.refresh_token);
    const rotated = first.body.data!.refreshToken;
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect((await me(rotated.access_token)).body.data?.me.id).toBe(session.user.id);
    const second = await refresh(rotated.refresh_token);
    expect(second.body.data?.refreshToken.refresh_token).toBeTruthy();
  });

  it('lets two concurrent refreshes with one token both succeed (grace window)', async () => {
    const session = (await register()).body.data!.register;
    const [a, b] = await Promise.all([
      refresh(session.refresh_token),
      refresh(session.refresh_token),
    ]);
    expect(a.body.errors).toBeUndefined();
    expect(b.body.errors).toBeUndefined();
    expect(a.body.data?.refreshToken.refresh_token).toBe(b.body.data?.refreshToken.refresh_token);
  });

  it('answers a reuse inside the grace window with the same successor, not a new branch', async () => {
    const session = (await register()).body.data!.register;
    const first = (await refresh(session.refresh_token)).body.data!.refreshToken;
    const second = (await refresh(session.refresh_token)).body.data!.refreshToken;
    expect(second.refresh_token).toBe(first.refresh_token);
    expect((await me(second.access_token)).body.data?.me.id).toBe(session.user.id);
    expect(await liveRefreshTokens(session.user.id)).toBe(1);

    // The newest token has moved on meanwhile: the old one, still inside its window, follows it.
    const third = (await refresh(first.refresh_token)).body.data!.refreshToken;
    const late = (await refresh(session.refresh_token)).body.data!.refreshToken;
    expect(late.refresh_token).toBe(third.refresh_token);
    expect(await liveRefreshTokens(session.user.id)).toBe(1);

    // Past the window, presenting the first token again is a theft: the session ends everywhere,
    // its access tokens included.
    await ageRotations(session.user.id);
    const replay = await refresh(session.refresh_token);
    expect(replay.body.errors?.[0]?.message).toContain('token_revoked');
    expect(await liveRefreshTokens(session.user.id)).toBe(0);
    expect((await refresh(third.refresh_token)).body.errors?.[0]?.message).toContain(
      'invalid_grant',
    );
    expect((await me(third.access_token)).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const session = (await register()).body.data!.register;
    const next = (await refresh(session.refresh_token)).body.data!.refreshToken;
    // As if an attacker replayed the old token later.
    await ageRotations(session.user.id);
    const replay = await refresh(session.refresh_token);
    expect(replay.body.errors?.[0]?.message).toContain('token_revoked');
    expect(replay.body.errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      category: 'authentication',
    });
    const legitimate = await refresh(next.refresh_token);
    expect(legitimate.body.errors?.[0]?.message).toContain('invalid_grant');
  });

  it('refuses an unknown refresh token with a message the client recognises', async () => {
    const response = await refresh('not-a-real-token');
    expect(response.body.errors?.[0]?.message).toContain('invalid_grant');
  });

  it('logs out: the refresh token and the access token stop working at once', async () => {
    const session = (await register()).body.data!.register;
    const other = (await login(session.user.email, 'violin-sonata-42')).body.data!.login;
    // Used once, so the server has seen the session stand before it ends.
    expect((await me(session.access_token)).body.data?.me.id).toBe(session.user.id);
    const out = await logout(session.refresh_token);
    expect(out.body.data?.logout.success).toBe(true);
    expect((await refresh(session.refresh_token)).body.errors?.[0]?.message).toContain(
      'invalid_grant',
    );
    expect((await me(session.access_token)).body.errors?.[0]).toMatchObject({
      message: 'Not authenticated',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    // Another session of the same account (another device) is not signed out.
    expect((await me(other.access_token)).body.data?.me.id).toBe(session.user.id);
  });

  it('ends a refreshed session with the token it was refreshed to, old access tokens included', async () => {
    const session = (await register()).body.data!.register;
    const rotated = (await refresh(session.refresh_token)).body.data!.refreshToken;
    await logout(rotated.refresh_token);
    for (const token of [session.access_token, rotated.access_token]) {
      expect((await me(token)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('access tokens', () => {
  it('answers a protected field without a token with Not authenticated', async () => {
    const response = await server.graphql('{ me { id } }');
    expect(response.body.errors?.[0]).toMatchObject({
      message: 'Not authenticated',
      extensions: { code: 'UNAUTHENTICATED', category: 'authentication' },
    });
  });

  it('treats a forged or malformed token as no token', async () => {
    const session = (await register()).body.data!.register;
    const [header, payload] = session.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [forged, 'garbage', `${header}.${payload}`]) {
      expect((await me(token)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});
