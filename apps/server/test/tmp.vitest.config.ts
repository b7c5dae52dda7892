import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    root: '/work/main/apps/server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/tmp-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
