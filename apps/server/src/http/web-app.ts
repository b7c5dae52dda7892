import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { withPageHead, type PageHeadSource } from './page-head';

/** Paths the single-page app never owns: unknown ones answer 404 in the API's format. */
const API_PREFIXES = [
  '/graphql',
  '/api/',
  '/files/',
  '/socket.io',
  '/healthz',
  '/webhooks/',
  '/dev/',
];

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  pageHeads: PageHeadSource[] = [],
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app build not found; serving the API only');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  app.get('/*', async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    let html = indexHtml;
    for (const source of pageHeads) {
      const match = source.pattern.exec(pathname);
      if (!match) continue;
      const head = await source.head(match);
      if (head) html = withPageHead(indexHtml, head);
      break;
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
