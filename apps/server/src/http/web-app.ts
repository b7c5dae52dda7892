import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { registerWithBodyEtags } from './body-etags';
import { withPageHead, type PageHeadSource } from './page-head';
import type { PageStatus } from './page-status';
import { loadPageRenderer, withRenderedPage, type PageRenderer } from './server-render';

/** Paths the single-page app never owns: unknown ones answer 404 in the API's format. */
const API_PREFIXES = [
  '/graphql',
  '/api/',
  '/files/',
  '/socket.io',
  '/healthz',
  '/webhooks/',
  '/processor/',
  '/dev/',
];

const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The request's own address as a path on this site: `//host/x` or `/\host/x` would send the
 * browser to another site (an open redirect), so leading slashes and backslashes become one.
 */
export function samePageAddress(requestUrl: string): string {
  return `/${requestUrl.replace(/^[/\\]+/, '')}`;
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  pageHeads: PageHeadSource[] = [],
  pageStatus: (pathname: string) => Promise<PageStatus> = async () => 200,
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app build not found; serving the API only');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const renderPage = await loadPageRenderer(app, webDist);

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); the one the
    // request accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  // A form sent before the app has taken its page over arrives as a plain POST (the sign-in
  // forms say method="post" so that their fields never travel in an address). The page is sent
  // again, by address; the fields are not read. Only here are form bodies accepted: the API
  // keeps refusing them (a cross-site form cannot post to /graphql).
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_req, _body, done) => done(null),
    );
    pages.post('/*', async (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
      return reply.redirect(samePageAddress(req.url), 303);
    });
  });

  const servePage: RouteHandlerMethod = async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    const status = await pageStatus(pathname);
    let html = indexHtml;
    for (const source of status === 200 ? pageHeads : []) {
      const match = source.pattern.exec(pathname);
      if (!match) continue;
      const head = await source.head(match);
      if (head) html = withPageHead(indexHtml, head);
      break;
    }
    const rendered = await renderIfPossible(renderPage, req);
    if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    if (rendered?.kind === 'page') html = withRenderedPage(html, rendered);
    // A missing page still gets the app, which renders its not-found page; the status is for
    // crawlers and link checkers, which would otherwise index it as a page.
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // The rendered page follows the visitor's language and session cookies.
        .header('vary', 'Accept-Language, Cookie')
        .send(html)
    );
  };
  // A page is rendered again for each request, but a visitor who has it already is not sent it
  // again; Vary names what it is rendered from.
  await registerWithBodyEtags(app, (pages) => {
    pages.get('/*', servePage);
  });
}

/** A page that fails to render on the server is still served, for the browser to render. */
async function renderIfPossible(renderPage: PageRenderer | undefined, req: FastifyRequest) {
  if (!renderPage) return undefined;
  try {
    return await renderPage(req);
  } catch (error) {
    req.log.error({ err: error }, 'server rendering failed; the browser renders the page');
    return undefined;
  }
}
