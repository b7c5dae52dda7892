import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createGraphQLServer } from './graphql/yoga';
import { registerWithBodyEtags } from './http/body-etags';
import { registerCompression } from './http/compression';
import { registerErrorHandling, unsupportedMediaType } from './http/error-handler';
import { bearerViewerResolver, type ViewerResolver } from './http/viewer-resolver';
import { webPageStatus } from './http/page-status';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createInvalidationBus } from './lib/invalidation';
import { loggerOptions } from './lib/logger-options';
import { registerLocalProcessorRoutes } from './lib/payments/local/processor.routes';
import { createRateLimiterStore } from './lib/rate-limit';
import { openRedis } from './lib/redis';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes';
import { registerMailRoutes } from './modules/mail/mail.routes';
import { registerFilesRoutes } from './modules/files/files.routes';
import { registerApplicationsRoutes } from './modules/applications/applications.routes';
import {
  opportunityPageHead,
  registerOpportunityRoutes,
} from './modules/opportunities/opportunities.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerPaymentsRoutes } from './modules/payments/payments.routes';
import { registerReceiptsRoutes } from './modules/payments/receipts.routes';
import { registerPaymentsExportRoutes } from './modules/payments/payments-export.routes';
import { createRealtime, type Realtime } from './realtime/realtime.server';
import type { Clock } from './lib/clock';
import { createServices, type Services } from './services';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Close the database when the app closes (the process owns it); tests may share one. */
  closeDatabaseOnClose?: boolean;
  /**
   * Wraps the real viewer resolver (Bearer tokens). Only the test harness passes one, to act as a
   * given user without logging in; production always uses the real resolver as it is.
   */
  wrapViewerResolver?: (real: ViewerResolver) => ViewerResolver;
  /** The time the services see; tests pass one they can move. */
  clock?: Clock;
  /** Readable log lines instead of JSON: main.ts asks for them when stdout is a terminal. */
  prettyLogs?: boolean;
}

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;
const REVALIDATION_HEADERS = new Set(['etag', 'last-modified']);

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Pushes to users' open tabs (realtime/realtime.server.ts). */
    realtime: Realtime;
  }
}

export async function buildApp({
  config,
  database,
  closeDatabaseOnClose = true,
  wrapViewerResolver,
  clock,
  prettyLogs = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, { pretty: prettyLogs }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
  });

  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const invalidation = createInvalidationBus({
    redis,
    prefix: `${config.redisPrefix}:invalidate:`,
    onError: (error) => app.log.warn({ err: error }, 'invalidation bus'),
  });
  // Made before the services so that their event handlers can be given it; the handshake asks
  // the auth service, which exists by the time the server listens.
  const realtime = createRealtime({
    httpServer: app.server,
    authenticate: (token) => services.auth.userForAccessToken(token),
    invalidation,
    redis,
    redisPrefix: config.redisPrefix,
    log: app.log,
  });
  const services = createServices({
    db: database.db,
    config,
    redis,
    invalidation,
    clock,
    log: app.log,
    realtime,
  });
  const bearerViewer = bearerViewerResolver(services.auth);
  const resolveViewer = wrapViewerResolver ? wrapViewerResolver(bearerViewer) : bearerViewer;
  app.decorate('services', services);
  app.decorate('realtime', realtime);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // Every process delivers events; they share the outbox (events/dispatcher.ts).
  app.addHook('onReady', async () => services.events.dispatcher.start());
  // Before the HTTP server closes, which would wait for the open sockets.
  app.addHook('preClose', async () => realtime.close());
  app.addHook('onClose', async () => {
    await services.events.dispatcher.stop();
    await services.opportunities.flushViews();
    await invalidation.close();
    await redis?.quit().catch(() => redis.disconnect());
    if (closeDatabaseOnClose) await database.close();
  });

  registerSecurityHeaders(app, { stripe: config.payments.provider === 'stripe' });
  registerErrorHandling(app, config.isProduction);
  await registerCompression(app);

  // Yoga reads multipart bodies itself (GraphQL multipart request spec), with its own limits.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));

  registerHealthRoutes(app, database);
  registerAnalyticsRoutes(app, services, resolveViewer);
  registerMailRoutes(app, services, resolveViewer, config.mailOutboxPage);
  registerFilesRoutes(app, services, resolveViewer);
  registerApplicationsRoutes(app, services, resolveViewer, config.publicUrl);
  await registerNotificationRoutes(app, services);
  registerReceiptsRoutes(app, services.payments.receipts);
  registerPaymentsExportRoutes(app, services, resolveViewer);
  // The local processor's own pages and browser API (Stripe serves its own).
  if (services.payments.local) {
    await registerLocalProcessorRoutes(app, services.payments.local, {
      publicUrl: config.publicUrl,
      countries: (locale) => services.lookups.paymentCountries(locale),
      rateLimiters: createRateLimiterStore({
        redis,
        prefix: config.redisPrefix,
        enabled: config.rateLimits.enabled,
        ...(clock ? { clock } : {}),
      }),
    });
  }
  // POST /webhooks/stripe, with the stripe provider only.
  const { stripeWebhooks } = services.payments;
  if (stripeWebhooks) await registerPaymentsRoutes(app, stripeWebhooks);

  const yoga = createGraphQLServer(config, services, resolveViewer);
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      if (response.status === 415) throw unsupportedMediaType();
      response.headers.forEach((value, key) => {
        // The response cache tags what it may keep; only a GET can be asked again with the tag.
        if (req.method !== 'GET' && REVALIDATION_HEADERS.has(key.toLowerCase())) return;
        reply.header(key, value);
      });
      // Refused before its body was read (an upload over a limit): close rather than read the rest.
      if (!req.raw.complete) reply.header('connection', 'close');
      reply.status(response.status);
      // A single result is sent whole; piping it as a stream cost more than resolving a query.
      // Streamed answers (server-sent events, incremental delivery) keep their stream.
      const single = /^application\/(graphql-response\+)?json/.test(
        response.headers.get('content-type') ?? '',
      );
      reply.send(single ? await response.text() : response.body);
      return reply;
    },
  });

  await registerWithBodyEtags(app, (scope) =>
    registerOpportunityRoutes(scope, services, config.publicUrl),
  );
  if (config.webDist) {
    await registerWebApp(
      app,
      config.webDist,
      [opportunityPageHead(services, config.publicUrl)],
      webPageStatus(services),
    );
  }
  return app;
}
