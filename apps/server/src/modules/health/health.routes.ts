import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';

/** 200 once the app is built (migrations ran before) and the database answers; 503 otherwise. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/healthz', async (req, reply) => {
    try {
      await database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      req.log.warn({ err: error }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
}
