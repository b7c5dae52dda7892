import type { TestServer } from './harness';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** Headers that send the account's real access token. */
  headers: Record<string, string>;
}

let counter = 0;
export const uniqueEmail = (stem = 'person') =>
  `${stem}.${Date.now().toString(36)}${(counter += 1)}@example.test`;

/** Registers an account through the real `register` mutation and keeps its tokens. */
export async function registerAccount(
  server: TestServer,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    type?: string;
    locale?: string;
  } = {},
): Promise<TestAccount> {
  const password = overrides.password ?? 'harpsichord-fugue-88';
  const email = overrides.email ?? uniqueEmail();
  const response = await server.graphql<{
    register: { access_token: string; refresh_token: string; user: { id: string } };
  }>(
    'mutation($input: RegisterInput!) { register(input: $input) { access_token refresh_token user { id } } }',
    {
      input: {
        name: overrides.name ?? 'Fanny Mendelssohn',
        email,
        password,
        password_confirmation: password,
        type: overrides.type ?? 'INDIVIDUAL',
        ...(overrides.locale ? { locale: overrides.locale } : {}),
      },
    },
  );
  const payload = response.body.data?.register;
  if (!payload) throw new Error(`register failed: ${JSON.stringify(response.body.errors)}`);
  return {
    id: payload.user.id,
    email,
    password,
    accessToken: payload.access_token,
    refreshToken: payload.refresh_token,
    headers: { authorization: `Bearer ${payload.access_token}` },
  };
}
