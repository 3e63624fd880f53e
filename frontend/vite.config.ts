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
 * The server rendering's build (`vite build --ssr`, issue 29): RTK Query's hooks start requests while rendering
 * and every translation is in the bundle. Only for imports from the app, not from the replacements themselves.
 */
const serverRendering = (): Plugin => {
  const rtkShim = fileURLToPath(new URL('./src/ssr/rtkQueryReact.ts', import.meta.url));
  const resources = fileURLToPath(new URL('./src/i18n/bundledResources.server.ts', import.meta.url));
  return {
    name: 'portal-server-rendering',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!options.ssr || !importer) return null;
      if (source === '@reduxjs/toolkit/query/react' && importer !== rtkShim) return rtkShim;
      if (source === './bundledResources' && /\/i18n\/(index|loadNamespace)\.ts$/.test(importer)) return resources;
      return null;
    },
  };
};

/**
 * React Router 7 exports only its development build (remix-run/react-router#12532, #14753): dev warnings and
 * checks ship to production. The build uses the package's own production files instead.
 */
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
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
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()]), loginPage(), serverRendering()],
  // The server rendering's bundle carries its dependencies (one file tree, no ESM resolution of MUI's packages at run time).
  ssr: { noExternal: true },
  // React's, RTK's and MUI's production code on the server too, whatever NODE_ENV the BFF runs under (tests: `test`).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    outDir: process.env.PROFILE_BUILD ? 'dist-profile' : 'dist',
    minify: !process.env.PROFILE_BUILD,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    // Two pages: the SPA, and the lean sign-in page served for `/a/login` (issue 14, docs/decisions.md).
    rolldownOptions: isSsrBuild ? {} : { input: { index: 'index.html', login: 'login.html' } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/a/ws': { target: backend, ws: true },
    },
  },
}));
