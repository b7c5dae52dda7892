// PostGraphile 4 over DATABASE_URL's `public` schema on 127.0.0.1:PORT, for bench/read-paths.ts:
// production options (no GraphiQL, no watch, no query log), PostGraphile's default pool of 10
// connections, and postgraphile-plugin-connection-filter for the `filter` argument (array
// overlaps, `in`, `isNull`), which its built-in `condition` (equality only) cannot express.
// Run as its own process: node --import tsx bench/postgraphile-server.ts
import Module, { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import type { Plugin, postgraphile as createHandler } from 'postgraphile';

const require = createRequire(import.meta.url);

// PostGraphile 4 needs graphql 15 and the workspace has graphql 16, so npm gives PostGraphile and
// graphile-build-pg each a private copy of graphql 15; types built by one copy are unknown to the
// other ("Unexpected input type: Int"). Every `graphql` this process loads is PostGraphile's copy.
const postgraphileDir = path.dirname(require.resolve('postgraphile/package.json'));
const graphqlDir = path.dirname(
  require.resolve('graphql/package.json', { paths: [postgraphileDir] }),
);
interface ModuleResolver {
  _resolveFilename(request: string, ...rest: unknown[]): string;
}
const resolver = Module as unknown as ModuleResolver;
const resolveFilename = resolver._resolveFilename;
resolver._resolveFilename = function (request, ...rest) {
  const isGraphql = request === 'graphql' || request.startsWith('graphql/');
  const redirected = isGraphql ? graphqlDir + request.slice('graphql'.length) : request;
  return resolveFilename.call(this, redirected, ...rest);
};

// Loaded only now, through the redirect.
const { postgraphile } = require('postgraphile') as { postgraphile: typeof createHandler };
const connectionFilter = require('postgraphile-plugin-connection-filter') as Plugin;

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
if (!databaseUrl || !port) throw new Error('DATABASE_URL and PORT are required');

const handler = postgraphile(databaseUrl, 'public', {
  graphiql: false,
  watchPg: false,
  disableQueryLog: true,
  dynamicJson: true,
  setofFunctionsContainNulls: false,
  legacyRelations: 'omit',
  appendPlugins: [connectionFilter],
});
http.createServer(handler).listen(port, '127.0.0.1');
