import type { Locale } from '@encore/core';
import type { ViewerAccess } from '../modules/access/access';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Translate } from '../lib/i18n';
import type { Services } from '../services';
import type { Viewer } from '../modules/access/viewer';

export interface GraphQLContext {
  requestId: string;
  viewer: Viewer;
  /** What the viewer holds on organisations (and, later, opportunities), read once per request. */
  access: ViewerAccess;
  locale: Locale;
  t: Translate;
  services: Services;
  log: FastifyBaseLogger;
  isProduction: boolean;
  req: FastifyRequest;
  reply: FastifyReply;
}
