import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addSeats, insertOrganisation } from '../../../test/organisations';
import { organisations } from '../organisations/organisations.table';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CHANGE_PASSWORD =
  'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { access_token refresh_token user { id } } }';
const CHANGE_EMAIL =
  'mutation($input: ChangeEmailInput!) { changeEmail(input: $input) { success message } }';
const DELETE_ACCOUNT =
  'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { success message } }';
const VERIFY =
  'mutation($input: VerifyEmailInput!) { verifyEmail(input: $input) { email is_verified } }';

const me = (headers: Record<string, string>) =>
  server.graphql<{ me: { id: string; email: string } }>('{ me { id email } }', undefined, headers);

const login = (email: string, password: string) =>
  server.graphql<{ login: { access_token: string } }>(
    'mutation($input: LoginInput!) { login(input: $input) { access_token } }',
    { input: { email, password } },
  );

const refresh = (refreshToken: string) =>
  server.graphql(
    'mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { access_token } }',
    {
      input: { refresh_token: refreshToken },
    },
  );

/** The newest mail to an address (the outbox lists newest first). */
async function lastMailTo(recipient: string) {
  await server.deliverEvents();
  const outbox = await server.app.services.mail.outbox(500);
  return outbox.find((entry) => entry.recipient === recipient);
}

describe('changePassword', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await registerAccount(server);
  });

  it('refuses a stranger', async () => {
    const response = await server.graphql(CHANGE_PASSWORD, {
      input: {
        current_password: 'x',
        password: 'a-new-password-1',
        password_confirmation: 'a-new-password-1',
      },
    });
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a wrong current password, naming the field', async () => {
    const response = await server.graphql(
      CHANGE_PASSWORD,
      {
        input: {
          current_password: 'not-my-password',
          password: 'a-new-password-1',
          password_confirmation: 'a-new-password-1',
        },
      },
      account.headers,
    );
    expect(response.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.current_password': ['The current password is not correct.'],
    });
  });

  it('refuses a common or unconfirmed new password', async () => {
    const response = await server.graphql(
      CHANGE_PASSWORD,
      {
        input: {
          current_password: account.password,
          password: 'password',
          password_confirmation: 'other',
        },
      },
      account.headers,
    );
    const validation = response.body.errors?.[0]?.extensions?.validation as Record<
      string,
      string[]
    >;
    expect(Object.keys(validation).sort()).toEqual([
      'input.password',
      'input.password_confirmation',
    ]);
  });

  it('changes the password, ends every other session and answers with a new one', async () => {
    const other = await login(account.email, account.password);
    const otherHeaders = { authorization: `Bearer ${other.body.data!.login.access_token}` };
    const response = await server.graphql<{
      changePassword: { access_token: string; refresh_token: string; user: { id: string } };
    }>(
      CHANGE_PASSWORD,
      {
        input: {
          current_password: account.password,
          password: 'brand-new-toccata-9',
          password_confirmation: 'brand-new-toccata-9',
          remember_me: true,
        },
      },
      account.headers,
    );
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data!.changePassword;
    expect(payload.user.id).toBe(account.id);
    expect((await me({ authorization: `Bearer ${payload.access_token}` })).body.data?.me.id).toBe(
      account.id,
    );
    // Access tokens and refresh tokens handed out before the change no longer work.
    expect((await me(account.headers)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await me(otherHeaders)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await refresh(account.refreshToken)).body.errors?.[0]?.message).toMatch(
      /invalid_grant/,
    );
    expect((await login(account.email, account.password)).body.errors?.[0]?.message).toBe(
      'These credentials do not match our records.',
    );
    expect(
      (await login(account.email, 'brand-new-toccata-9')).body.data?.login.access_token,
    ).toBeTruthy();
    expect((await lastMailTo(account.email))?.template).toBe('password_changed');
  });
});

describe('changeEmail', () => {
  it('moves the account only once the link sent to the new address is followed', async () => {
    const account = await registerAccount(server);
    const newEmail = uniqueEmail('moved');
    const response = await server.graphql<{ changeEmail: { success: boolean; message: string } }>(
      CHANGE_EMAIL,
      { input: { email: newEmail.toUpperCase(), current_password: account.password } },
      account.headers,
    );
    expect(response.body.data?.changeEmail.success).toBe(true);
    expect(response.body.data?.changeEmail.message).toContain(newEmail);
    // Nothing has changed yet; the old address is told about the request.
    expect((await me(account.headers)).body.data?.me.email).toBe(account.email);
    expect((await lastMailTo(account.email))?.template).toBe('email_change_requested');

    const mail = await lastMailTo(newEmail);
    expect(mail?.template).toBe('change_email');
    const token = /\/register\/complete\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const verified = await server.graphql<{ verifyEmail: { email: string; is_verified: boolean } }>(
      VERIFY,
      {
        input: { token },
      },
    );
    expect(verified.body.data?.verifyEmail).toEqual({ email: newEmail, is_verified: true });
    expect((await me(account.headers)).body.data?.me.email).toBe(newEmail);
    expect((await login(newEmail, account.password)).body.data?.login.access_token).toBeTruthy();
    expect((await login(account.email, account.password)).body.errors).toBeDefined();
    // The link works once.
    expect(
      (await server.graphql(VERIFY, { input: { token } })).body.errors?.[0]?.extensions,
    ).toMatchObject({
      category: 'bad-request',
    });
  });

  it('refuses an address already in use, the current address, and a wrong password', async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const attempt = (input: Record<string, string>) =>
      server.graphql(CHANGE_EMAIL, { input }, account.headers);
    const taken = await attempt({ email: other.email, current_password: account.password });
    expect(taken.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.email': ['The email has already been taken.'],
    });
    const same = await attempt({ email: account.email, current_password: account.password });
    expect(same.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.email': ['This is already the email address of your account.'],
    });
    const wrong = await attempt({ email: uniqueEmail(), current_password: 'wrong-password' });
    expect(Object.keys(wrong.body.errors?.[0]?.extensions?.validation as object)).toEqual([
      'input.current_password',
    ]);
    const invalid = await attempt({ email: 'not-an-email', current_password: account.password });
    expect(Object.keys(invalid.body.errors?.[0]?.extensions?.validation as object)).toEqual([
      'input.email',
    ]);
  });

  it('refuses the link when someone else took the address in the meantime', async () => {
    const account = await registerAccount(server);
    const wanted = uniqueEmail('contested');
    await server.graphql(
      CHANGE_EMAIL,
      { input: { email: wanted, current_password: account.password } },
      account.headers,
    );
    const token = /token=([\w-]+)/.exec((await lastMailTo(wanted))!.text)![1]!;
    await registerAccount(server, { email: wanted });
    const response = await server.graphql(VERIFY, { input: { token } });
    expect(response.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.email': ['The email has already been taken.'],
    });
    expect((await me(account.headers)).body.data?.me.email).toBe(account.email);
  });
});

describe('deleteAccount', () => {
  it('refuses a stranger and a wrong password, and deletes nothing then', async () => {
    const account = await registerAccount(server);
    const stranger = await server.graphql(DELETE_ACCOUNT, {
      input: { current_password: account.password },
    });
    expect(stranger.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const wrong = await server.graphql(
      DELETE_ACCOUNT,
      { input: { current_password: 'nope' } },
      account.headers,
    );
    expect(Object.keys(wrong.body.errors?.[0]?.extensions?.validation as object)).toEqual([
      'input.current_password',
    ]);
    expect((await me(account.headers)).body.data?.me.id).toBe(account.id);
  });

  it('erases the person, ends every session, frees the address and removes an organisation they alone had', async () => {
    const account = await registerAccount(server);
    const viewer = await registerAccount(server);
    const solo = await insertOrganisation(server.database.db, { name: 'Solo Strings' }, [
      { userId: account.id, email: account.email, role: 'owner' },
    ]);
    const response = await server.graphql<{ deleteAccount: { success: boolean } }>(
      DELETE_ACCOUNT,
      { input: { current_password: account.password } },
      account.headers,
    );
    expect(response.body.data?.deleteAccount.success).toBe(true);
    expect((await me(account.headers)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await refresh(account.refreshToken)).body.errors).toBeDefined();
    expect((await login(account.email, account.password)).body.errors).toBeDefined();
    const profile = await server.graphql(
      'query($id: ID!) { user(id: $id) { id } }',
      { id: account.id },
      viewer.headers,
    );
    expect(profile.body.errors?.[0]?.extensions?.category).toBe('not-found');
    const [organisation] = await server.database.db
      .select({ deletedAt: organisations.deletedAt })
      .from(organisations)
      .where(eq(organisations.id, solo.id));
    expect(organisation?.deletedAt).toBeInstanceOf(Date);
    // The address can hold a new account.
    const again = await registerAccount(server, { email: account.email });
    expect(again.id).not.toBe(account.id);
  });

  it('is blocked while the person is the only owner of an organisation others belong to', async () => {
    const owner = await registerAccount(server);
    const member = await registerAccount(server);
    const shared = await insertOrganisation(server.database.db, { name: 'Harbour Quartet' }, [
      { userId: owner.id, email: owner.email, role: 'owner' },
      { userId: member.id, email: member.email, role: 'editor' },
    ]);
    const response = await server.graphql(
      DELETE_ACCOUNT,
      { input: { current_password: owner.password } },
      owner.headers,
    );
    expect(response.body.errors?.[0]?.message).toBe(
      'Hand over ownership of Harbour Quartet before deleting your account.',
    );
    expect((await me(owner.headers)).body.data?.me.id).toBe(owner.id);
    // With a second owner, the first may leave; the organisation stays.
    const coOwner = await registerAccount(server);
    await addSeats(server.database.db, shared.id, [
      { userId: coOwner.id, email: coOwner.email, role: 'owner' },
    ]);
    const leaving = await server.graphql<{ deleteAccount: { success: boolean } }>(
      DELETE_ACCOUNT,
      { input: { current_password: owner.password } },
      owner.headers,
    );
    expect(leaving.body.data?.deleteAccount.success).toBe(true);
    const [organisation] = await server.database.db
      .select({ deletedAt: organisations.deletedAt })
      .from(organisations)
      .where(eq(organisations.id, shared.id));
    expect(organisation?.deletedAt).toBeNull();
  });
});
