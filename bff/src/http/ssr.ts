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
    wide: boolean;
    timeZone: string;
    maintenance: boolean;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; language: string; mode: string; html: string; css: string; cssIds: string[]; payload: unknown }
  >;
  renderLoginPage(input: {
    language: 'de' | 'en';
    mode: 'light' | 'dark';
    reduceMotion: boolean;
    maintenance: boolean;
  }): Promise<{ html: string; css: string; cssIds: string[]; title: string }>;
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

/**
 * What the browser told us about itself: client hints (Chromium) or the cookie the web app writes (`portal_media`).
 * The width is the one the browser measured on its last page (the cookie); before there is one, a phone
 * (`Sec-CH-UA-Mobile: ?1`, sent by Chromium without asking) is narrow, anything else wide.
 */
function mediaPreferences(ctx: Context): { prefersDark: boolean; reduceMotion: boolean; wide: boolean } {
  const cookie = ctx.cookies.get('portal_media') ?? '';
  const hintScheme = ctx.get('Sec-CH-Prefers-Color-Scheme');
  const hintMotion = ctx.get('Sec-CH-Prefers-Reduced-Motion');
  return {
    prefersDark: hintScheme ? hintScheme.replace(/"/g, '') === 'dark' : cookie[0] === '1',
    reduceMotion: hintMotion ? hintMotion.replace(/"/g, '') === 'reduce' : cookie[1] === '1',
    wide: cookie[2] === '0' || cookie[2] === '1' ? cookie[2] === '1' : ctx.get('Sec-CH-UA-Mobile') !== '?1',
  };
}

/** The browser's time zone from the cookie the web app writes (`portal_tz`) if Intl knows it, else Europe/Berlin. */
function timeZoneOf(ctx: Context): string {
  const zone = ctx.cookies.get('portal_tz');
  if (!zone || zone.length > 64) return 'Europe/Berlin';
  try {
    const name = decodeURIComponent(zone);
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return 'Europe/Berlin';
  }
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
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * Renders the web app's pages on the server (issue 29) when the server rendering is built
 * (`frontend/dist-server/entry-server.js`): the page's HTML with its data, critical CSS, language and colour
 * mode in the document, the state the browser hydrates from in a JSON script. Answers `private, no-cache`
 * with `Vary: Cookie`: a page holds one user's data and is never kept for anybody else. Returns false when
 * there is no server rendering or it failed (the caller then serves `index.html`, the browser renders).
 */
export function serverRendering(options: { distDir: string; serverDir: string; app: () => Koa; deps: AppDeps }) {
  const entryFile = path.join(options.serverDir, 'entry-server.js');
  let entry: Promise<ServerEntry> | undefined;
  const names = cookieNames(options.deps.config.secure);
  const index = documentTemplate(path.join(options.distDir, 'index.html'));
  const login = documentTemplate(path.join(options.distDir, 'login.html'));

  /** The lean sign-in page (`login.html`) with the sign-in card in it, for reading without JavaScript. */
  async function renderLogin(ctx: Context): Promise<boolean> {
    const parts = login();
    if (!parts) return false;
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    const display = displayOf(ctx);
    const media = mediaPreferences(ctx);
    const language = ctx.cookies.get('portal_language') === 'en' ? 'en' : 'de';
    const mode = display.forcedMode ? (display.darkMode ? 'dark' : 'light') : media.prefersDark ? 'dark' : 'light';
    let result: Awaited<ReturnType<ServerEntry['renderLoginPage']>>;
    try {
      result = await (
        await entry
      ).renderLoginPage({ language, mode, reduceMotion: media.reduceMotion, maintenance: options.deps.config.MAINTENANCE });
    } catch (e) {
      options.deps.logger.warn(
        { requestId: ctx.state.requestId, reason: (e as Error).message },
        'server rendering of the sign-in page failed',
      );
      return false;
    }
    answer(ctx, pageDocument(parts, { language, mode, ...result }));
    return true;
  }

  return async (ctx: Context): Promise<boolean> => {
    if (!fs.existsSync(entryFile)) return false;
    if (ctx.path === '/a/login' || ctx.path === '/a/login/') return renderLogin(ctx);
    const parts = index();
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
        timeZone: timeZoneOf(ctx),
        maintenance: options.deps.config.MAINTENANCE,
      });
    } catch (e) {
      options.deps.logger.warn(
        { requestId: ctx.state.requestId, path: ctx.path, reason: (e as Error).message },
        'server rendering failed; the browser renders the page',
      );
      return false;
    }
    if (result.kind === 'redirect') {
      headers(ctx);
      ctx.status = result.status;
      ctx.redirect(result.location);
      return true;
    }
    const payload = `<script type="application/json" id="portal-ssr">${escapeJson(result.payload)}</script>`;
    ctx.status = result.status;
    answer(ctx, pageDocument(parts, result, payload));
    return true;
  };
}

/** `[before <html>, head, body before the root, after the root]` of a built document. */
type DocumentParts = [string, string, string, string];

/** A built document (`index.html`, `login.html`) cut where the language, the styles and the page go; read again after a new build. */
function documentTemplate(file: string): () => DocumentParts | undefined {
  let template: { mtimeMs: number; parts: DocumentParts } | undefined;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (template?.mtimeMs !== stat.mtimeMs) {
      // The "please enable JavaScript" notice goes: the page is there to read.
      const html = fs.readFileSync(file, 'utf8').replace(/\s*<noscript>.*?<\/noscript>/s, '');
      const [beforeLang, afterLang] = html.split('<html lang="de">');
      const [head, body] = afterLang?.split('</head>') ?? [];
      const [beforeRoot, afterRoot] = body?.split('<div id="root"></div>') ?? [];
      if (afterRoot === undefined) return undefined;
      template = { mtimeMs: stat.mtimeMs, parts: [beforeLang, head, beforeRoot, afterRoot] };
    }
    return template.parts;
  };
}

/** The page in its document: language and colour mode on `<html>`, the critical CSS in the head, the markup in the root. */
function pageDocument(
  [beforeLang, head, beforeRoot, afterRoot]: DocumentParts,
  page: { language: string; mode: string; html: string; css: string; cssIds: string[]; title?: string },
  afterPage = '',
): string {
  const style = `<style data-emotion="css ${escapeAttribute(page.cssIds.join(' '))}">${page.css.replace(/<\/style/gi, '<\\/style')}</style>`;
  const titled = page.title ? head.replace(/<title>.*?<\/title>/s, `<title>${escapeText(page.title)}</title>`) : head;
  return (
    `${beforeLang}<html lang="${page.language}" data-theme="${page.mode}">${titled}${style}</head>` +
    `${beforeRoot}<div id="root">${page.html}</div>${afterPage}${afterRoot}`
  );
}

/** Headers of every server-rendered answer: one browser's page, never kept for another; the client hints it is rendered by. */
function headers(ctx: Context): void {
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.vary('Cookie');
  ctx.vary('Accept-Encoding');
  // Chromium sends its colour and motion preferences with the next requests (and retries this one for the colour).
  ctx.set('Accept-CH', 'Sec-CH-Prefers-Color-Scheme, Sec-CH-Prefers-Reduced-Motion');
  ctx.set('Critical-CH', 'Sec-CH-Prefers-Color-Scheme');
  ctx.vary('Sec-CH-Prefers-Color-Scheme');
  ctx.vary('Sec-CH-Prefers-Reduced-Motion');
  ctx.vary('Sec-CH-UA-Mobile');
}

/** A rendered document as the answer, compressed as the browser accepts it. */
function answer(ctx: Context, html: string): void {
  headers(ctx);
  ctx.type = 'text/html; charset=utf-8';
  const accepts = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (accepts === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  } else if (accepts === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = zlib.gzipSync(html, { level: 5 });
  } else ctx.body = html;
}
