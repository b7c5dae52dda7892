import { COOKIE_NAMES, negotiateLocale } from '@encore/core';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { translatorFor } from '../../i18n';
import { cookieValue } from '../../request-locale';
import type { PageFrame } from './processor.pages';

/** What the local processor's pages and its browser API both read from a request. */

export const INTENT_ID = /^pi_[A-Za-z0-9_-]{1,64}$/;
export const CLIENT_SECRET = /^pi_[A-Za-z0-9_-]{1,64}_secret_[A-Za-z0-9_-]{1,64}$/;
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const UNPAIRED_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const first = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) ? first(value[0]) : undefined;

/** The language of a page or an answer: `lng`, else the locale cookie, else Accept-Language. */
export function frameOf(req: FastifyRequest, given?: string | null): PageFrame {
  const query = req.query as Record<string, unknown> | undefined;
  const locale = negotiateLocale(
    given,
    first(query?.lng),
    cookieValue(req.headers.cookie, COOKIE_NAMES.locale),
    req.headers['accept-language'],
  );
  return { locale, t: translatorFor(locale) };
}

/** Compares secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
