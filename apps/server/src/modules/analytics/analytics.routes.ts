import { ANALYTICS_CHANNELS, ANALYTICS_MAX_BODY_BYTES, analyticsBatchSchema } from '@encore/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { translatorFor } from '../../lib/i18n';
import { resolveRequestLocale } from '../../lib/request-locale';
import { parseInput } from '../../lib/validation';
import type { Services } from '../../services';
import type { ViewerResolver } from '../../http/viewer-resolver';

export function registerAnalyticsRoutes(
  app: FastifyInstance,
  services: Services,
  resolveViewer: ViewerResolver,
) {
  for (const channel of ANALYTICS_CHANNELS) {
    app.post(`/api/${channel}`, { bodyLimit: ANALYTICS_MAX_BODY_BYTES }, async (req, reply) => {
      const t = translatorFor(resolveRequestLocale(req));
      if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
        throw new AppError('BAD_REQUEST', 'The request body must be a JSON object.', {
          messageKey: 'errors.analytics_body',
        });
      }
      const batch = parseInput(analyticsBatchSchema, req.body, t, '');
      const viewer = await resolveViewer(req);
      const accepted = await services.analytics.record(channel, batch, viewer.user?.id ?? null);
      return reply.code(202).send({ accepted });
    });
  }
}
