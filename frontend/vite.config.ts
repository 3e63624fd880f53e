import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite.precompress.ts';

const backend = process.env.PORTAL_BACKEND ?? 'http://localhost:3000';

/** The dev server answers `/a/login` with the lean sign-in entry, as the BFF does (bff/src/http/spa.ts). */
const loginPage = (): Plugin => ({
  name: 'portal-login-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/a\/login\/?(\?|$)/.test(req.url)) req.url = req.url.replace(/^\/a\/login\/?/, '/a/login.html');
      next();
    });
  },
});

export default defineConfig({
  base: '/a/',
  plugins: [react(), precompress(), loginPage()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    // Two pages: the SPA, and the lean sign-in page served for `/a/login` (issue 14, docs/decisions.md).
    rolldownOptions: { input: { index: 'index.html', login: 'login.html' } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/a/ws': { target: backend, ws: true },
    },
  },
});
