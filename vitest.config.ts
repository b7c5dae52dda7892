import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'core', root: 'packages/core', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        // Resolve packages as Node does (graphql-js has a CommonJS "main" and an ESM "module" entry;
        // mixing the two gives two graphql realms in one process).
        resolve: { alias: { graphql: fileURLToPath(import.meta.resolve('graphql')) } },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: { name: 'web', root: 'apps/web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
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
