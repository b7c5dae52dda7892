import { describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, type RefreshPayload, type StoredTokens } from './token-refresher';
import { makeJwt, nowSeconds } from './test-utils';

function setup(refresh: (refreshToken: string) => Promise<RefreshPayload | null | undefined>) {
  let tokens: StoredTokens = {
    accessToken: makeJwt(nowSeconds() - 10),
    refreshToken: 'refresh-1',
  };
  const clearTokens = vi.fn(() => {
    tokens = {};
  });
  const refreshMock = vi.fn(refresh);
  const refresher = createTokenRefresher({
    readTokens: () => tokens,
    writeTokens: (payload) => {
      tokens = { accessToken: payload.access_token, refreshToken: payload.refresh_token };
    },
    clearTokens,
    refresh: refreshMock,
  });
  return {
    refresher,
    refreshMock,
    clearTokens,
    tokens: () => tokens,
    setTokens: (next: StoredTokens) => {
      tokens = next;
    },
  };
}

const freshPayload = (): RefreshPayload => ({
  access_token: makeJwt(nowSeconds() + 86_400),
  refresh_token: 'refresh-2',
  expires_in: 86_400,
  token_type: 'Bearer',
});

describe('createTokenRefresher', () => {
  it('returns a valid token that is not expiring soon without refreshing', async () => {
    const { refresher, refreshMock, setTokens } = setup(() => Promise.resolve(freshPayload()));
    const token = makeJwt(nowSeconds() + 86_400);
    setTokens({ accessToken: token, refreshToken: 'refresh-1' });
    await expect(refresher.getValidAccessToken()).resolves.toBe(token);
    expect(refreshMock).not.toHaveBeenCalled();
  });

  it('runs exactly one shared refresh for five parallel callers', async () => {
    const payload = freshPayload();
    const { refresher, refreshMock, tokens } = setup(
      () => new Promise((resolve) => setTimeout(() => resolve(payload), 10)),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () => refresher.getValidAccessToken()),
    );
    expect(refreshMock).toHaveBeenCalledTimes(1);
    expect(refreshMock).toHaveBeenCalledWith('refresh-1');
    expect(results).toEqual(Array.from({ length: 5 }, () => payload.access_token));
    expect(tokens()).toEqual({ accessToken: payload.access_token, refreshToken: 'refresh-2' });
  });

  it('refreshes a token that expires within the hour', async () => {
    const payload = freshPayload();
    const { refresher, refreshMock, setTokens } = setup(() => Promise.resolve(payload));
    setTokens({ accessToken: makeJwt(nowSeconds() + 1800), refreshToken: 'refresh-1' });
    await expect(refresher.getValidAccessToken()).resolves.toBe(payload.access_token);
    expect(refreshMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after three consecutive failures and clears the cookies', async () => {
    const { refresher, refreshMock, clearTokens } = setup(() =>
      Promise.reject(new Error('Failed to fetch')),
    );
    await expect(refresher.getValidAccessToken()).rejects.toThrow('Failed to fetch');
    await expect(refresher.getValidAccessToken()).rejects.toThrow('Failed to fetch');
    expect(clearTokens).not.toHaveBeenCalled();
    await expect(refresher.getValidAccessToken()).rejects.toThrow(
      'Too many failed refresh attempts',
    );
    expect(refreshMock).toHaveBeenCalledTimes(3);
    expect(clearTokens).toHaveBeenCalledTimes(1);
  });

  it('resets the failure counter after a successful refresh', async () => {
    let fail = true;
    const { refresher, clearTokens, setTokens } = setup(() =>
      fail ? Promise.reject(new Error('timeout')) : Promise.resolve(freshPayload()),
    );
    const expired = { accessToken: makeJwt(nowSeconds() - 10), refreshToken: 'refresh-1' };
    await expect(refresher.getValidAccessToken()).rejects.toThrow('timeout');
    await expect(refresher.getValidAccessToken()).rejects.toThrow('timeout');
    fail = false;
    await refresher.getValidAccessToken();
    fail = true;
    setTokens(expired);
    await expect(refresher.getValidAccessToken()).rejects.toThrow('timeout');
    expect(clearTokens).not.toHaveBeenCalled();
  });

  it('clears the cookies after one failure whose message says the token was revoked', async () => {
    const { refresher, clearTokens, tokens } = setup(() =>
      Promise.reject(new Error('token_revoked')),
    );
    await expect(refresher.getValidAccessToken()).rejects.toThrow('token_revoked');
    expect(clearTokens).toHaveBeenCalledTimes(1);
    expect(tokens()).toEqual({});
  });

  it('rejects a response without the token fields and clears the cookies', async () => {
    const { refresher, clearTokens } = setup(() =>
      Promise.resolve({ access_token: 'x' } as RefreshPayload),
    );
    await expect(refresher.getValidAccessToken()).rejects.toThrow('Invalid refresh token response');
    expect(clearTokens).toHaveBeenCalledTimes(1);
  });

  it('fails with "No refresh token available" without a refresh token', async () => {
    const { refresher, refreshMock, setTokens } = setup(() => Promise.resolve(freshPayload()));
    setTokens({ accessToken: makeJwt(nowSeconds() - 10) });
    await expect(refresher.getValidAccessToken()).rejects.toThrow('No refresh token available');
    await expect(refresher.refreshAccessToken()).rejects.toThrow('No refresh token available');
    expect(refreshMock).not.toHaveBeenCalled();
  });

  it('returns null for a visitor without tokens', async () => {
    const { refresher, setTokens } = setup(() => Promise.resolve(freshPayload()));
    setTokens({});
    await expect(refresher.getValidAccessToken()).resolves.toBeNull();
  });
});
