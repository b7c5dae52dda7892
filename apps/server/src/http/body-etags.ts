import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Registers `routes` where each answer carries a weak ETag of its body and a request that sends
 * it back in If-None-Match gets 304 without the body: the answer is built again, but its bytes
 * travel once. Weak, because the tag is of the uncompressed body and one tag covers its brotli,
 * gzip and plain encodings. For GET routes whose answer repeats (pages, the sitemap); never for
 * POST routes, which no browser revalidates.
 */
export async function registerWithBodyEtags(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    await scope.register(fastifyEtag, { weak: true });
    await routes(scope);
  });
}
