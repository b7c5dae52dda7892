import type { Locale } from '@encore/core';
import type { FastifyBaseLogger } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Translate } from './i18n';

export interface RequestScope {
  requestId: string;
  locale: Locale;
  t: Translate;
  log: FastifyBaseLogger;
}

/** Request-wide facts for code that runs without a context argument (error masking, logging). */
export const requestScope = new AsyncLocalStorage<RequestScope>();
