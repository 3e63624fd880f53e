import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

/** Hashed build output (`assets/…`): the name changes with the content, so browsers may keep it for good. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA under `/a/`: files as they are, every other path under `/a/` gets `index.html`
 * so deep links work. `/` redirects to `/a/`. Source maps (`*.map`) are served only with
 * `SOURCE_MAPS=public`; otherwise they are a 404 (issue 8, defect 10).
 *
 * Issue 14: the build writes brotli (`.br`) and gzip (`.gz`) twins of every text file; a browser that
 * accepts one of them gets it as is (`Content-Encoding`, `Vary: Accept-Encoding`), so nothing is
 * compressed per request and no reverse proxy is needed. Hashed assets are cached for a year
 * (`public, max-age=31536000, immutable`); `index.html` and the other unhashed files are revalidated
 * on every use (`no-cache`), so a new release is picked up at once.
 *
 * `/a/login` gets `login.html`, the lean sign-in page (its own Vite entry without router, store and shell;
 * issue 14, docs/decisions.md "Lean sign-in page"); the SPA reaches it with a full page load.
 * With `render` (issue 29, http/ssr.ts) every page, the sign-in page too, is rendered on the server when it can.
 */
export function serveSpa(
  distDir: string,
  options: {
    sourceMaps?: boolean;
    /** Server rendering (issue 29): true when it answered the page. */ render?: (ctx: Context) => Promise<boolean>;
  } = {},
): Middleware {
  const index = path.join(distDir, 'index.html');
  const loginPage = path.join(distDir, 'login.html');
  return async (ctx, next) => {
    if (ctx.path === '/' || ctx.path === '/a') return ctx.redirect('/a/');
    if (!ctx.path.startsWith('/a/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const rel = ctx.path.slice('/a/'.length);
    if (rel.endsWith('.map') && !options.sourceMaps) return next();
    // The twins are served in place of their original, never by their own name.
    if (rel.endsWith('.br') || rel.endsWith('.gz')) return next();
    if (rel && !rel.includes('\0')) {
      const file = path.join(distDir, rel);
      if (file.startsWith(distDir + path.sep) && isFile(file)) {
        await sendFile(ctx, rel, rel.startsWith('assets/'));
        return;
      }
      if (rel.startsWith('assets/')) return next(); // a missing chunk is a 404, not the app
    }
    if ((rel === 'login' || rel === 'login/') && isFile(loginPage)) {
      // Rendered on the server too (the sign-in card for reading without JavaScript); its script renders it anew.
      if (options.render && (await options.render(ctx))) return;
      await sendFile(ctx, 'login.html', false);
      return;
    }
    if (!isFile(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web application is not built yet: run `npm run build`.';
      return;
    }
    if (options.render && (await options.render(ctx))) return;
    await sendFile(ctx, 'index.html', false);
  };

  async function sendFile(ctx: Parameters<Middleware>[0], rel: string, immutable: boolean): Promise<void> {
    ctx.set('Cache-Control', immutable ? immutableCacheControl : 'no-cache');
    ctx.vary('Accept-Encoding');
    // koa-send picks `<file>.br` or `<file>.gz` when the browser accepts it and the twin exists; it keeps our Cache-Control.
    await send(ctx, rel, { root: distDir, brotli: true, gzip: true });
  }
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}
