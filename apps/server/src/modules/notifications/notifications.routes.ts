import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** The largest body a mail client's one-click POST sends (`List-Unsubscribe=One-Click`). */
const ONE_CLICK_BODY_LIMIT_BYTES = 1024;

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs to the address in the `List-Unsubscribe`
 * header, without cookies or a session, and the token alone says what to stop. A GET of the same
 * address is the web app's page, which asks before changing anything (link scanners follow GETs).
 */
export async function registerNotificationRoutes(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain'],
      { bodyLimit: ONE_CLICK_BODY_LIMIT_BYTES },
      (_req, _body, done) => done(null),
    );
    scope.post<{ Querystring: { token?: unknown } }>('/unsubscribe', async (req, reply) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const types = await services.notificationPreferences.unsubscribe(token);
      return reply.header('cache-control', 'no-store').send({ unsubscribed: types });
    });
  });
}
