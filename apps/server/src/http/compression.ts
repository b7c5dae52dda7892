import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers cost more to compress than they save on the wire. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic answers (GraphQL results, HTML documents, the sitemap, API JSON) by the
 * request's Accept-Encoding: brotli first, then gzip, else as they are. Registered before the
 * routes, since it hooks each route as it is added. Static assets come precompressed from the
 * build and carry their Content-Encoding already, which this leaves alone; server-sent events and
 * multipart streams are not of a compressible type here, so they keep flowing unbuffered. Routes
 * that stream stored files opt out with `compress: false`.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies stay read as they are sent, as before: nothing the clients send is compressed.
    globalDecompression: false,
  });
}
