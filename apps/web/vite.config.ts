import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

const API_TARGET = 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 3000,
    proxy: {
      '/graphql': { target: API_TARGET, changeOrigin: true },
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
      '/healthz': { target: API_TARGET, changeOrigin: true },
      '/processor': { target: API_TARGET, changeOrigin: true },
      '/webhooks': { target: API_TARGET, changeOrigin: true },
      '/sitemap.xml': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  // Bundled into the server entry rather than imported by Node: its CommonJS default export
  // would arrive wrapped in a second `default`.
  ssr: { noExternal: ['stylis-plugin-rtl'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: false,
  },
});
