import { afterEach, describe, expect, it, vi } from 'vitest';
import { gql } from '@apollo/client';
import { createApolloClient } from '../../lib/apollo';
import { createTokenRefresher, type StoredTokens } from './token-refresher';
import { makeJwt, nowSeconds } from './test-utils';

const ME = gql`
  query Me {
    me {
      id
    }
  }
`;
const LOGIN = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      access_token
    }
  }
`;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

function setup(fetchImpl: typeof fetch) {
  const oldToken = makeJwt(nowSeconds() + 86_400, { v: 1 });
  const newToken = makeJwt(nowSeconds() + 86_400, { v: 2 });
  let tokens: StoredTokens = { accessToken: oldToken, refreshToken: 'refresh-1' };
  const refresh = vi.fn(() =>
    Promise.resolve({
      access_token: newToken,
      refresh_token: 'refresh-2',
      expires_in: 86_400,
      token_type: 'Bearer',
    }),
  );
  const refresher = createTokenRefresher({
    readTokens: () => tokens,
    writeTokens: (payload) => {
      tokens = { accessToken: payload.access_token, refreshToken: payload.refresh_token };
    },
    clearTokens: () => {
      tokens = {};
    },
    refresh,
  });
  const client = createApolloClient({ refresher, fetch: fetchImpl, navigate: vi.fn() });
  return { client, refresh, oldToken, newToken };
}

describe('auth link', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('retries a request answered "Not authenticated" once after a refresh', async () => {
    const fetchMock = vi.fn<typeof fetch>((_input, init) =>
      Promise.resolve(
        authorizationOf(init) === `Bearer ${newToken}`
          ? json({ data: { me: { __typename: 'User', id: '1' } } })
          : json({
              data: null,
              errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }],
            }),
      ),
    );
    const { client, refresh, oldToken, newToken } = setup(fetchMock);
    const result = await client.query({ query: ME });
    expect(result.data).toEqual({ me: { __typename: 'User', id: '1' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authorizationOf(fetchMock.mock.calls[0]?.[1])).toBe(`Bearer ${oldToken}`);
    expect(authorizationOf(fetchMock.mock.calls[1]?.[1])).toBe(`Bearer ${newToken}`);
  });

  it('sends skipAuth operations without an Authorization header', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(json({ data: { login: { __typename: 'AuthPayload', access_token: 't' } } })),
    );
    const { client } = setup(fetchMock);
    await client.mutate({
      mutation: LOGIN,
      variables: { input: {} },
      context: { skipAuth: true },
      fetchPolicy: 'no-cache',
    });
    await client.query({
      query: gql`
        query Public {
          ping
        }
      `,
      context: { skipAuth: true },
      fetchPolicy: 'no-cache',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const call of fetchMock.mock.calls) expect(authorizationOf(call[1])).toBeNull();
  });

  it('adds the Bearer token to ordinary operations', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(json({ data: { me: { __typename: 'User', id: '1' } } })),
    );
    const { client, oldToken } = setup(fetchMock);
    await client.query({ query: ME });
    expect(authorizationOf(fetchMock.mock.calls[0]?.[1])).toBe(`Bearer ${oldToken}`);
  });
});
