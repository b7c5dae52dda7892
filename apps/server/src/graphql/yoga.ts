import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createFetch } from '@whatwg-node/fetch';
import { NoSchemaIntrospectionCustomRule, getOperationAST, type DocumentNode } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Services } from '../services';
import type { GraphQLContext } from './context';
import { finishErrors, maskError } from './errors';
import { useInputGuard } from './input-guard';
import { useReferenceResponseCache } from './response-cache';
import { getSchema } from './schema';
import { resolveRequestLocale } from '../lib/request-locale';
import { translatorFor } from '../lib/i18n';
import type { Viewer } from '../modules/access/viewer';
import { createViewerAccess } from '../modules/access/access';

export interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

export const UPLOAD_LIMITS = {
  fileSize: 25 * 1024 * 1024,
  files: 20,
  fieldSize: 1024 * 1024,
} as const;
/**
 * A multipart body holds at most one largest file plus the operations: Yoga buffers uploads in memory,
 * so this bounds what one request can take (its default, 25,000,000 bytes, is below one largest file).
 * Several files share it; clients upload large files one request each.
 */
export const MAX_REQUEST_BODY_BYTES = UPLOAD_LIMITS.fileSize + UPLOAD_LIMITS.fieldSize + 64 * 1024;

const isQuery = (document: DocumentNode, operationName?: string | null) =>
  getOperationAST(document, operationName)?.operation === 'query';

const disableIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

export function createGraphQLServer(
  config: Config,
  services: Services,
  resolveViewer: (req: FastifyRequest) => Promise<Viewer>,
) {
  return createYoga<ServerContext, GraphQLContext>({
    schema: getSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    // The web app calls the API from its own origin (Vite proxies it in development).
    cors: false,
    logging: false,
    fetchAPI: createFetch({ formDataLimits: UPLOAD_LIMITS }),
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    maskedErrors: { maskError: maskError(config.isProduction) },
    plugins: [
      EnvelopArmorPlugin({
        // Fragments are how the web app shares selections: they add no depth of their own.
        maxDepth: { n: 12, flattenFragments: true },
        maxAliases: { n: 15 },
        maxDirectives: { n: 20 },
        maxTokens: { n: 4000 },
        costLimit: { maxCost: 8000, flattenFragments: true },
        blockFieldSuggestion: { enabled: config.isProduction },
      }),
      ...(config.isProduction ? [disableIntrospection] : []),
      finishErrors,
      // Queries run compiled (graphql-jit): a list of fifty rows no longer builds a resolve info,
      // an arguments map and a promise per field, which was a third of the dashboard's CPU and
      // most of its garbage. Mutations stay on the reference executor: graphql-jit's variable
      // compiler never ends on a recursive input (a form's child fields) and reports a bad upload
      // as an internal error, and a mutation answers one object, where compiling gains nothing.
      useGraphQlJit({}, { enableIf: (args) => isQuery(args.document, args.operationName) }),
      // After graphql-jit: a refused request replaces the execute function graphql-jit set.
      useInputGuard(),
      useReferenceResponseCache(),
    ],
    context: async ({ req, reply }) => {
      const locale = resolveRequestLocale(req);
      const viewer = await resolveViewer(req);
      return {
        requestId: req.id,
        viewer,
        access: createViewerAccess(viewer, services.organisations, services.opportunities),
        locale,
        t: translatorFor(locale),
        services,
        log: req.log,
        isProduction: config.isProduction,
        req,
        reply,
      };
    },
  });
}
