import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';
import { cookieNames } from './cookies.ts';

/** The server rendering's entry (frontend/src/ssr/entry-server.tsx), as built into `frontend/dist-server`. */
interface ServerEntry {
  renderPage(input: {
    url: string;
    headers: Record<string, string>;
    api: InProcessApi;
    signedIn: boolean;
    language: 'de' | 'en';
    display: { forcedMode: boolean; darkMode: boolean; container: 'wrapped' | 'fluid' };
    prefersDark: boolean;
    reduceMotion: boolean;
    maintenance: boolean;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; language: string; mode: string; html: string; css: string; cssIds: string[]; payload: unknown }
  >;
}

export type InProcessApi = (request: { method: string; path: string; body?: unknown }) => Promise<{ status: number; body: unknown }>;

/** Request headers an in-process API call takes over from the page request (who, from where, which language). */
const forwardedHeaders = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-request-id'];

/**
 * An API request answered in process (issue 29): a Koa context of its own, run through the app's whole
 * middleware chain — authentication from the page request's cookies, CSRF, maintenance, the operation's
 * validation and access checks, the handler — exactly as `GET /api/...` from the browser, without a socket.
 * Cookies the API sets (a cleared session) are passed on to the page's answer.
 */
export function inProcessApi(app: Koa, page: Context): InProcessApi {
  const run = composed(app);
  return async ({ method, path: url, body }) => {
    const req = new http.IncomingMessage(page.req.socket);
    req.method = method;
    req.url = url;
    req.headers = { accept: 'application/json' };
    for (const name of forwardedHeaders) {
      const value = page.req.headers[name];
      if (typeof value === 'string') req.headers[name] = value;
    }
    if (page.state.requestId) req.headers['x-request-id'] = String(page.state.requestId);
    const res = new http.ServerResponse(req);
    const ctx = app.createContext(req, res);
    ctx.request.ip = page.ip;
    if (body !== undefined) (ctx.request as { body?: unknown }).body = body;
    await run(ctx);
    const cookies = res.getHeader('set-cookie');
    if (cookies) page.append('Set-Cookie', cookies as string[]);
    return { status: ctx.status, body: ctx.body };
  };
}

const chains = new WeakMap<Koa, (ctx: Context) => Promise<void>>();

/** The app's middleware as one function (what Koa's `callback` runs, without writing an answer). */
function composed(app: Koa): (ctx: Context) => Promise<void> {
  let chain = chains.get(app);
  if (!chain) {
    const middleware = app.middleware as Middleware[];
    chain = (ctx) => {
      const dispatch = (i: number): Promise<void> =>
        i < middleware.length ? Promise.resolve(middleware[i](ctx, () => dispatch(i + 1))) : Promise.resolve();
      return dispatch(0);
    };
    chains.set(app, chain);
  }
  return chain;
}

/** What the browser told us about itself: client hints (Chromium) or the cookie the web app writes (`portal_media`). */
function mediaPreferences(ctx: Context): { prefersDark: boolean; reduceMotion: boolean } {
  const cookie = ctx.cookies.get('portal_media') ?? '';
  const hintScheme = ctx.get('Sec-CH-Prefers-Color-Scheme');
  const hintMotion = ctx.get('Sec-CH-Prefers-Reduced-Motion');
  return {
    prefersDark: hintScheme ? hintScheme.replace(/"/g, '') === 'dark' : cookie[0] === '1',
    reduceMotion: hintMotion ? hintMotion.replace(/"/g, '') === 'reduce' : cookie[1] === '1',
  };
}

/** A guest's display settings from the cookie the web app writes (`portal_display`: forced, dark, w/f). */
function displayOf(ctx: Context): { forcedMode: boolean; darkMode: boolean; container: 'wrapped' | 'fluid' } {
  const value = ctx.cookies.get('portal_display') ?? '';
  return { forcedMode: value[0] === '1', darkMode: value[1] === '1', container: value[2] === 'w' ? 'wrapped' : 'fluid' };
}

const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Renders the web app's pages on the server (issue 29) when the server rendering is built
 * (`frontend/dist-server/entry-server.js`): the page's HTML with its data, critical CSS, language and colour
 * mode in the document, the state the browser hydrates from in a JSON script. Answers `private, no-cache`
 * with `Vary: Cookie`: a page holds one user's data and is never kept for anybody else. Returns false when
 * there is no server rendering or it failed (the caller then serves `index.html`, the browser renders).
 */
export function serverRendering(options: { distDir: string; serverDir: string; app: () => Koa; deps: AppDeps }) {
  const entryFile = path.join(options.serverDir, 'entry-server.js');
  const templateFile = path.join(options.distDir, 'index.html');
  let entry: Promise<ServerEntry> | undefined;
  let template: { file: string; mtimeMs: number; parts: [string, string, string, string] } | undefined;
  const names = cookieNames(options.deps.config.secure);

  /** `index.html` cut where the language, the styles and the page go (read again after a new build). */
  function documentParts(): [string, string, string, string] | undefined {
    const stat = fs.statSync(templateFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (template?.mtimeMs !== stat.mtimeMs) {
      const html = fs.readFileSync(templateFile, 'utf8').replace(/\s*<noscript>.*?<\/noscript>/s, '');
      const [beforeLang, afterLang] = html.split('<html lang="de">');
      const [head, body] = afterLang?.split('</head>') ?? [];
      const [beforeRoot, afterRoot] = body?.split('<div id="root"></div>') ?? [];
      if (afterRoot === undefined) return undefined;
      template = { file: templateFile, mtimeMs: stat.mtimeMs, parts: [beforeLang, head, beforeRoot, afterRoot] };
    }
    return template.parts;
  }

  return async (ctx: Context): Promise<boolean> => {
    if (!fs.existsSync(entryFile)) return false;
    const parts = documentParts();
    if (!parts) return false;
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    let result: Awaited<ReturnType<ServerEntry['renderPage']>>;
    try {
      const language = ctx.cookies.get('portal_language') === 'en' ? 'en' : 'de';
      result = await (
        await entry
      ).renderPage({
        url: ctx.href,
        headers: { accept: 'text/html' },
        api: inProcessApi(options.app(), ctx),
        signedIn: ctx.cookies.get(names.loggedIn) === '1',
        language,
        display: displayOf(ctx),
        ...mediaPreferences(ctx),
        maintenance: options.deps.config.MAINTENANCE,
      });
    } catch (e) {
      options.deps.logger.warn(
        { requestId: ctx.state.requestId, path: ctx.path, reason: (e as Error).message },
        'server rendering failed; the browser renders the page',
      );
      return false;
    }
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.vary('Cookie');
    ctx.vary('Accept-Encoding');
    // Chromium sends its colour and motion preferences with the next requests (and retries this one for the colour).
    ctx.set('Accept-CH', 'Sec-CH-Prefers-Color-Scheme, Sec-CH-Prefers-Reduced-Motion');
    ctx.set('Critical-CH', 'Sec-CH-Prefers-Color-Scheme');
    ctx.vary('Sec-CH-Prefers-Color-Scheme');
    ctx.vary('Sec-CH-Prefers-Reduced-Motion');
    if (result.kind === 'redirect') {
      ctx.status = result.status;
      ctx.redirect(result.location);
      return true;
    }
    const [beforeLang, head, beforeRoot, afterRoot] = parts;
    const style = `<style data-emotion="css ${escapeAttribute(result.cssIds.join(' '))}">${result.css.replace(/<\/style/gi, '<\\/style')}</style>`;
    const html =
      `${beforeLang}<html lang="${result.language}" data-theme="${result.mode}">${head}${style}</head>` +
      `${beforeRoot}<div id="root">${result.html}</div><script type="application/json" id="portal-ssr">${escapeJson(result.payload)}</script>${afterRoot}`;
    ctx.status = result.status;
    ctx.type = 'text/html; charset=utf-8';
    const accepts = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (accepts === 'br') {
      ctx.set('Content-Encoding', 'br');
      ctx.body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    } else if (accepts === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = zlib.gzipSync(html, { level: 5 });
    } else ctx.body = html;
    return true;
  };
}
