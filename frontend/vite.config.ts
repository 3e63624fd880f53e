import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
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

/**
 * React Router 7 exports only its development build (remix-run/react-router#12532, #14753): dev warnings and
 * checks ship to production. The build uses the package's own production files instead.
 */
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  base: '/a/',
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // `PROFILE_BUILD=1`: React's profiling build, for bench/profile-page.ts's per-commit figures.
            ...(process.env.PROFILE_BUILD ? [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] : []),
          ],
        }
      : {},
  plugins: [react(), precompress(), loginPage()],
  build: {
    outDir: process.env.PROFILE_BUILD ? 'dist-profile' : 'dist',
    minify: !process.env.PROFILE_BUILD,
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
}));
