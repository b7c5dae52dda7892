import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/** What a browser opens as a page that can run script: these get the document headers. */
const DOCUMENT_TYPE = /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml)\s*(;|$)/i;

/**
 * Stripe.js and its card fields, when payments go through Stripe: its script, the frames of its
 * Elements and 3-D Secure, and its API (Stripe's published Content-Security-Policy list).
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

// Built once a server; the Fastify plugin builds the middleware again on every request.
function documentHeadersFor({ stripe }: { stripe: boolean }) {
  const extra = stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [] };
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Every image the product shows is its own (uploads stream from /files) or made in the page.
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The API and the realtime socket are same-origin; 'self' covers ws(s) to the same host.
        connectSrc: ["'self'", ...extra.connect],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          'https://www.loom.com',
          ...extra.frame,
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by registerSecurityHeaders on HTTPS requests only.
    strictTransportSecurity: false,
  });
}

/**
 * A document without a declared type counts as one: a browser guesses the type of an untyped
 * answer it navigates to, nosniff or not, and may guess HTML.
 */
function isDocument(contentType: unknown, payload: unknown): boolean {
  if (typeof contentType === 'string') return DOCUMENT_TYPE.test(contentType);
  return payload !== undefined && payload !== null && payload !== '';
}

/**
 * Most of helmet's headers (the Content-Security-Policy, framing, opener and referrer policies)
 * govern a page the browser renders, and do nothing on a JSON answer, a file or an export, where
 * they cost about 650 bytes each time. Those headers go on documents only, decided by the type of
 * the answer as it is sent, so a page, a 404 page or an HTML answer a future route makes cannot
 * miss them. A policy the route set itself wins over helmet's.
 *
 * Every answer gets `nosniff` (a JSON answer or an uploaded file must never run as a script or a
 * style), and every answer to an HTTPS request HSTS: browsers ignore it over plain HTTP
 * (RFC 6797 §8.1), and a server reached over HTTP has no business promising HTTPS for a year.
 * With Stripe as the payment processor, pages may load Stripe.js and its frames.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { stripe = false }: { stripe?: boolean } = {},
) {
  const documentHeaders = documentHeadersFor({ stripe });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!isDocument(reply.getHeader('content-type'), payload)) {
      done(null, payload);
      return;
    }
    // Helmet writes to the raw response; headers the route set through the reply win over them.
    documentHeaders(req.raw, reply.raw, (error?: unknown) => {
      if (error instanceof Error) done(error);
      else done(null, payload);
    });
  });
}
