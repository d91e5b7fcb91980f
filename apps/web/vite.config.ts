import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './tools/bundle-report';

const webRoot = import.meta.dirname;

// The server serves dist/ for every non-API path; in development Vite proxies /api to a running server.
// Each build prints its JavaScript sizes beside the budgets. Only `npm run bundle-report -w @community/web`
// (BUNDLE_REPORT_DOC=1) writes them into docs/benchmarks.md: a build, `npm start` included, never
// changes a tracked file.
export default defineConfig({
  plugins: [
    react(),
    bundleReport({
      webRoot,
      docFile:
        process.env.BUNDLE_REPORT_DOC === '1' ? path.resolve(webRoot, '../../docs/benchmarks.md') : undefined,
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:8090', changeOrigin: false } },
  },
});
