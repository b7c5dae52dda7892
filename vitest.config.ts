import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// graphql-js has a CommonJS "main" and an ESM "module" entry; plugins that require() it and code
// that imports it must share one copy, or its realm checks fail.
const oneGraphqlRealm = { alias: { graphql: fileURLToPath(import.meta.resolve('graphql')) } };

/**
 * Vitest keeps a core free by default (cores − 1): one file at a time on a 2-core machine, where
 * most of a server test's time is its own database waiting on its own process. Two at a time
 * there; the browser suite stays one at a time (one server, one browser).
 */
const unitWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          maxWorkers: unitWorkers,
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        resolve: oneGraphqlRealm,
        test: {
          name: 'server',
          root: 'apps/server',
          maxWorkers: unitWorkers,
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file starts its own server on its own database copy, so files share nothing but
          // the modules: importing the server (Stripe's SDK, Yoga, PGlite…) once per worker rather
          // than once per file saves seconds a file (docs/decisions.md, "CI time").
          isolate: false,
        },
      },
      {
        resolve: oneGraphqlRealm,
        test: {
          name: 'web',
          root: 'apps/web',
          maxWorkers: unitWorkers,
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          // Pages with dialogs and axe take seconds on two busy cores; a wait is not a failure.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
