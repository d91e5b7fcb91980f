import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ for every non-API path; in development Vite proxies /api to a running server.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:8090', changeOrigin: false } },
  },
});
