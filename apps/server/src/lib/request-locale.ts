import { COOKIE_NAMES, negotiateLocale, type Locale } from '@encore/core';
import type { FastifyRequest } from 'fastify';

/** One cookie's value; a malformed escape in it (anyone can send one) reads as no cookie. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The caller's language: the `locale` cookie the web app keeps, else Accept-Language, else English. */
export function resolveRequestLocale(req: FastifyRequest): Locale {
  return negotiateLocale(
    cookieValue(req.headers.cookie, COOKIE_NAMES.locale),
    req.headers['accept-language'],
  );
}

/** The same rule over WHATWG headers (inside GraphQL Yoga's plugins). */
export function resolveLocaleFromHeaders(headers: Headers): Locale {
  return negotiateLocale(
    cookieValue(headers.get('cookie') ?? undefined, COOKIE_NAMES.locale),
    headers.get('accept-language'),
  );
}
