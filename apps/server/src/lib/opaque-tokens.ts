import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the refresh, single-use and invitation tokens handed to clients. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of such a token: its SHA-256, so a copy of the database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
