function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT with the given `exp` (seconds since the epoch); the client never checks signatures. */
export function makeJwt(expSeconds: number, extra: Record<string, unknown> = {}): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ exp: Math.floor(expSeconds), ...extra })}.signature`;
}

export const nowSeconds = () => Date.now() / 1000;
