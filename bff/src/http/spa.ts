import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

/**
 * Serves the built SPA under `/a/`: files as they are (hashed assets cached for a year), every
 * other path under `/a/` gets `index.html` so deep links work. `/` redirects to `/a/`. Source maps
 * (`*.map`) are served only with `SOURCE_MAPS=public`; otherwise they are a 404 (issue 8, defect 10).
 */
export function serveSpa(distDir: string, options: { sourceMaps?: boolean } = {}): Middleware {
  const index = path.join(distDir, 'index.html');
  return async (ctx, next) => {
    if (ctx.path === '/' || ctx.path === '/a') return ctx.redirect('/a/');
    if (!ctx.path.startsWith('/a/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const rel = ctx.path.slice('/a/'.length);
    if (rel.endsWith('.map') && !options.sourceMaps) return next();
    if (rel && !rel.includes('\0')) {
      const file = path.join(distDir, rel);
      if (file.startsWith(distDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const immutable = rel.startsWith('assets/');
        await send(ctx, rel, { root: distDir, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0 });
        return;
      }
      if (rel.startsWith('assets/')) return next(); // a missing chunk is a 404, not the app
    }
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web application is not built yet: run `npm run build`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = fs.createReadStream(index);
  };
}
