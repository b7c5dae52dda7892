import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Only our own workspace code is bundled; every npm package (WASM, native addons) loads from node_modules.
  noExternal: ['@encore/core'],
});
