import { describe, it, expect } from 'vitest';
import {
  decodeJwt,
  isLegacySingleTokenCookie,
  isRefreshTokenDead,
  isTokenExpired,
  isTokenExpiringSoon,
  tokenExpiresAtMs,
} from './tokens';

/** base64url of a binary string (one char per byte), without padding. */
function base64Url(binary: string): string {
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlJson(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return base64Url(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

function makeJwt(header: unknown, payload: unknown, signature = 'c2lnbmF0dXJl'): string {
  return `${base64UrlJson(header)}.${base64UrlJson(payload)}.${signature}`;
}

const HS256 = { alg: 'HS256', typ: 'JWT' };
const EXP_SECONDS = 1_900_000_000;
const EXP_MS = EXP_SECONDS * 1000;
const token = makeJwt(HS256, { sub: 'user-1', exp: EXP_SECONDS });
/** The time `seconds` before the token's expiry. */
const before = (seconds: number) => EXP_MS - seconds * 1000;

describe('decodeJwt', () => {
  it('reads header and payload', () => {
    expect(decodeJwt(token)).toEqual({
      header: HS256,
      payload: { sub: 'user-1', exp: EXP_SECONDS },
    });
  });

  it('decodes base64url characters and UTF-8 text', () => {
    // "??>" encodes to base64 with + and /, which base64url writes as - and _.
    const payload = { name: 'Zoë Ångström 🎻', note: '??>??>', exp: 1 };
    const encoded = makeJwt(HS256, payload);
    expect(encoded.split('.')[1]).toMatch(/[-_]/);
    expect(decodeJwt(encoded)?.payload).toEqual(payload);
  });

  it('accepts an empty signature (alg none) but still requires three parts', () => {
    const unsigned = makeJwt({ alg: 'none' }, { exp: 1 }, '');
    expect(decodeJwt(unsigned)?.header).toEqual({ alg: 'none' });
    expect(decodeJwt(unsigned.slice(0, -1))).toBeNull();
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['two parts', `${base64UrlJson(HS256)}.${base64UrlJson({ exp: 1 })}`],
    ['four parts', `${token}.extra`],
    ['an empty header', `.${base64UrlJson({ exp: 1 })}.sig`],
    ['standard base64 padding', `${base64UrlJson(HS256)}=.${base64UrlJson({ exp: 1 })}.sig`],
    ['a header that is not JSON', `${base64Url('not json')}.${base64UrlJson({ exp: 1 })}.sig`],
    ['a payload that is a JSON array', makeJwt(HS256, [1, 2, 3])],
    ['a payload that is JSON null', makeJwt(HS256, null)],
    ['a payload that is a JSON string', makeJwt(HS256, 'exp')],
    ['invalid UTF-8', `${base64UrlJson(HS256)}.${base64Url('\xff\xfe')}.sig`],
    ['a length that is impossible in base64', `${base64UrlJson(HS256)}.abcde.sig`],
  ])('returns null for %s', (_case, value) => {
    expect(decodeJwt(value)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('counts a token as expired from 60 s before its expiry', () => {
    expect(isTokenExpired(token, before(61))).toBe(false);
    expect(isTokenExpired(token, before(60))).toBe(true);
    expect(isTokenExpired(token, before(59))).toBe(true);
    expect(isTokenExpired(token, EXP_MS)).toBe(true);
    expect(isTokenExpired(token, EXP_MS + 1)).toBe(true);
  });

  it('is false for a token with plenty of life left', () => {
    expect(isTokenExpired(token, before(86_400))).toBe(false);
  });

  it('defaults to the current time', () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(isTokenExpired(makeJwt(HS256, { exp: nowSeconds + 3600 }))).toBe(false);
    expect(isTokenExpired(makeJwt(HS256, { exp: nowSeconds - 1 }))).toBe(true);
  });

  it('is true for missing or malformed tokens', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired(undefined, 0)).toBe(true);
    expect(isTokenExpired('', 0)).toBe(true);
    expect(isTokenExpired('not-a-token', 0)).toBe(true);
  });

  it('is true for a two-part token even with a future exp', () => {
    const [header, payload] = token.split('.');
    expect(isTokenExpired(`${header}.${payload}`, 0)).toBe(true);
  });

  it('is true when the header has no algorithm', () => {
    expect(isTokenExpired(makeJwt({ typ: 'JWT' }, { exp: EXP_SECONDS }), 0)).toBe(true);
    expect(isTokenExpired(makeJwt({ alg: '' }, { exp: EXP_SECONDS }), 0)).toBe(true);
    expect(isTokenExpired(makeJwt({ alg: 256 }, { exp: EXP_SECONDS }), 0)).toBe(true);
  });

  it('is true when exp is missing or not a number', () => {
    expect(isTokenExpired(makeJwt(HS256, { sub: 'user-1' }), 0)).toBe(true);
    expect(isTokenExpired(makeJwt(HS256, { exp: String(EXP_SECONDS) }), 0)).toBe(true);
    expect(isTokenExpired(makeJwt(HS256, { exp: null }), 0)).toBe(true);
    expect(isTokenExpired(makeJwt(HS256, { exp: [EXP_SECONDS] }), 0)).toBe(true);
  });
});

describe('isTokenExpiringSoon', () => {
  it('is true when less than an hour remains', () => {
    expect(isTokenExpiringSoon(token, before(3601))).toBe(false);
    expect(isTokenExpiringSoon(token, before(3600))).toBe(false);
    expect(isTokenExpiringSoon(token, before(3599))).toBe(true);
    expect(isTokenExpiringSoon(token, before(120))).toBe(true);
  });

  it('is true for expired and unusable tokens', () => {
    expect(isTokenExpiringSoon(token, before(30))).toBe(true);
    expect(isTokenExpiringSoon(token, EXP_MS + 60_000)).toBe(true);
    expect(isTokenExpiringSoon(null, 0)).toBe(true);
    expect(isTokenExpiringSoon(makeJwt({ typ: 'JWT' }, { exp: EXP_SECONDS }), 0)).toBe(true);
  });
});

describe('tokenExpiresAtMs', () => {
  it('converts exp seconds to milliseconds, and gives null for unusable tokens', () => {
    expect(tokenExpiresAtMs(token)).toBe(EXP_MS);
    expect(tokenExpiresAtMs(makeJwt(HS256, { exp: 1.5 }))).toBe(1500);
    expect(tokenExpiresAtMs(makeJwt(HS256, { exp: '1' }))).toBeNull();
    expect(tokenExpiresAtMs('a.b')).toBeNull();
  });
});

describe('isRefreshTokenDead', () => {
  it('is dead once its expiry is reached', () => {
    expect(isRefreshTokenDead(1_000, 999)).toBe(false);
    expect(isRefreshTokenDead(1_000, 1_000)).toBe(true);
    expect(isRefreshTokenDead(1_000, 1_001)).toBe(true);
  });

  it('is dead when the expiry is unknown', () => {
    expect(isRefreshTokenDead(null, 0)).toBe(true);
    expect(isRefreshTokenDead(undefined, 0)).toBe(true);
    expect(isRefreshTokenDead(Number.NaN, 0)).toBe(true);
  });

  it('defaults to the current time', () => {
    expect(isRefreshTokenDead(Date.now() + 60_000)).toBe(false);
    expect(isRefreshTokenDead(Date.now() - 1)).toBe(true);
  });
});

describe('isLegacySingleTokenCookie', () => {
  it('recognises both tokens stored as JSON in one cookie, raw or URL-encoded', () => {
    const legacy = JSON.stringify({ access_token: token, refresh_token: 'r-123' });
    expect(isLegacySingleTokenCookie(legacy)).toBe(true);
    expect(isLegacySingleTokenCookie(encodeURIComponent(legacy))).toBe(true);
    expect(isLegacySingleTokenCookie(' {"access_token":"x"}')).toBe(true);
  });

  it('treats values that cannot be a token as legacy', () => {
    expect(isLegacySingleTokenCookie('undefined')).toBe(true);
    expect(isLegacySingleTokenCookie('[object Object]')).toBe(true);
    expect(isLegacySingleTokenCookie(JSON.stringify(token))).toBe(true);
    expect(isLegacySingleTokenCookie('a.b')).toBe(true);
    expect(isLegacySingleTokenCookie('%E0%A4%A')).toBe(true);
  });

  it('accepts a current token, including an expired one', () => {
    expect(isLegacySingleTokenCookie(token)).toBe(false);
    expect(isLegacySingleTokenCookie(makeJwt(HS256, { exp: 1 }))).toBe(false);
  });

  it('does not flag an absent cookie', () => {
    expect(isLegacySingleTokenCookie(undefined)).toBe(false);
    expect(isLegacySingleTokenCookie(null)).toBe(false);
    expect(isLegacySingleTokenCookie('')).toBe(false);
  });
});
