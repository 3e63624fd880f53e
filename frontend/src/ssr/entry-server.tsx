/**
 * The server rendering of the web app's first screen (issue 29), built by `vite build --ssr` into
 * `frontend/dist-server/entry-server.js` and run by the BFF (bff/src/http/ssr.ts) for `GET /a/*`.
 *
 * React Router's static handler matches the route (and resolves its lazy page module); its root loader asks
 * who is signed in and the demo state. The page's own data: RTK Query's hooks start their requests while the
 * server renders (`unstable__sideEffectsInRender`, aliased in for this build only), the renderer waits for them
 * and renders again until no request is left. Every request is answered in process by the BFF (`api`) under the
 * page request's session — no HTTP round trip, the same authorization as the API. A loader that fails renders the
 * route's error page. The result is the page's HTML, its critical CSS (a fresh emotion cache per render) and the
 * payload the browser hydrates from (store state, the translations used, router state).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Middleware } from '@reduxjs/toolkit';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type RouteObject } from 'react-router';
import { Writable } from 'node:stream';
import { api } from '../api/baseApi';
import { sessionApi } from '../api/session';
import { Themed } from '../App';
import { signedIn, signedOut } from '../auth/authSlice';
import { demoApi, demoUserEmail } from '../demo/api';
import { criticalNamespaces, i18nReady, signedInNamespaces, type Language } from '../i18n';
import { LoginScreen } from '../login/LoginScreen';
import { loadNamespaces as loadLoginNamespaces, startNamespaces as loginNamespaces, translator } from '../login/i18n';
import { routes } from '../routes';
import { createStore, type AppStore, type RootState } from '../store';
import { displayChanged, type DisplayState } from '../ui/displaySlice';
import { createPortalTheme } from '../ui/theme';
import { maintenanceStarted } from '../ui/uiSlice';
import { SsrMedia, type SsrPayload } from './payload';
import { setTimeZoneSource } from '@portal/plugin-sdk/web/format';

/** One request to the API, answered in process by the BFF under the page request's session. */
export type InProcessApi = (request: { method: string; path: string; body?: unknown }) => Promise<{ status: number; body: unknown }>;

export interface RenderInput {
  /** The page's absolute URL (`http://host/a/invoices?page=2`). */
  url: string;
  /** The page request's headers (the router's `Request`; cookies are the API's business). */
  headers: Record<string, string>;
  api: InProcessApi;
  /** The browser says somebody is signed in (`portal_logged_in`): only then `/me` is asked. */
  signedIn: boolean;
  /** A guest's language (cookie), else German; a signed-in user's comes from their settings. */
  language: Language;
  /** A guest's display settings (cookie); a signed-in user's come from their settings. */
  display: DisplayState;
  prefersDark: boolean;
  reduceMotion: boolean;
  /** The screen is assumed at least `md` wide (layouts that differ by width: `useWideScreen`). */
  wide: boolean;
  /** The browser's time zone (cookie `portal_tz`), else Europe/Berlin: every date of the page is formatted in it. */
  timeZone: string;
  maintenance: boolean;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      language: Language;
      mode: 'light' | 'dark';
      html: string;
      css: string;
      cssIds: string[];
      payload: SsrPayload;
    };

/** How often a page is rendered at most while its requests come in (each render may start requests that depend on the last). */
const maxPasses = 4;

/** RTK Query's base query on the server: the request in process, the answer as the browser would read it. */
function inProcessBaseQuery(inProcess: InProcessApi) {
  return async (args: string | FetchArgs): Promise<{ data: unknown } | { error: FetchBaseQueryError }> => {
    const a = typeof args === 'string' ? { url: args } : args;
    const params = a.params
      ? new URLSearchParams(
          Object.entries(a.params as Record<string, unknown>)
            .filter(([, v]) => v !== undefined && v !== null)
            .map(([k, v]) => [k, String(v)]),
        ).toString()
      : '';
    const path = '/' + a.url.replace(/^\//, '') + (params ? `?${params}` : '');
    const { status, body } = await inProcess({ method: (a.method ?? 'GET').toUpperCase(), path, body: a.body });
    // A JSON round trip: the browser's cache holds what `fetch` would have parsed (dates as strings).
    const data = body === undefined || body === null || body === '' ? null : (JSON.parse(JSON.stringify(body)) as unknown);
    return status >= 200 && status < 300 ? { data } : { error: { status, data } };
  };
}

/**
 * A failed request stays failed while the page is rendered: RTK Query asks a failed query again for every new
 * subscriber, i.e. in every render pass, and the page would show its loading state instead of its error for good.
 * The repeated request's `pending` is dropped, so its answer does not replace the first one (another request id).
 */
const keepFailedQueries: Middleware<object, RootState> = (store) => (next) => (action) => {
  const a = action as { type?: string; meta?: { arg?: { queryCacheKey?: string } } };
  const key = a.type === `${api.reducerPath}/executeQuery/pending` ? a.meta?.arg?.queryCacheKey : undefined;
  if (key && store.getState().api.queries[key]?.status === 'rejected') return action;
  return next(action);
};

/** Who is signed in, the demo state and maintenance: what the browser's start asks (App's `Startup`), as the root loader. */
async function loadStartup(store: AppStore, input: RenderInput): Promise<null> {
  if (input.maintenance) store.dispatch(maintenanceStarted());
  const demo = store.dispatch(demoApi.endpoints.getDemo.initiate());
  if (input.signedIn) {
    const me = await store.dispatch(sessionApi.endpoints.getMe.initiate());
    if (me.data && me.data.id !== 0) {
      // As applyUserSettings, without touching the shared i18next or the browser's storage: the language is the page's.
      store.dispatch(displayChanged({ forcedMode: me.data.forcedMode, darkMode: me.data.darkMode, container: me.data.container }));
      store.dispatch(signedIn());
    } else if (me.error && (me.error as FetchBaseQueryError).status !== 401 && !input.maintenance) {
      throw new Error(`getMe answered ${(me.error as FetchBaseQueryError).status}`);
    } else store.dispatch(signedOut());
  } else store.dispatch(signedOut());
  await demo;
  return null;
}

/** A copy of i18next for one page: its own language; records every namespace the page translates from. */
function pageI18n(language: Language, used: Set<string>): I18n {
  const instance = i18next.cloneInstance({ lng: language, initAsync: false });
  const t = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => string;
  instance.t = ((key: unknown, options?: unknown) => {
    const keys = Array.isArray(key) ? key : [key];
    for (const k of keys) if (typeof k === 'string' && k.includes(':')) used.add(k.slice(0, k.indexOf(':')));
    const ns = (typeof options === 'object' && options !== null ? (options as { ns?: string | string[] }).ns : undefined) ?? [];
    for (const n of typeof ns === 'string' ? [ns] : ns) used.add(n);
    return t(key, options);
  }) as TFunction;
  return instance;
}

/** Renders to a string once everything has loaded (lazy components included): a stream into memory. */
function renderAll(element: ReactNode, onError?: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // Every boundary in place, never outlined behind its fallback with an inline script to swap it in (the
      // CSP allows no inline script, and a page must read without JavaScript).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError: reject,
      // An error below a Suspense boundary is rendered by the browser (React marks the boundary in the HTML).
      onError: (error) => onError?.(error),
    });
  });
}

/** The time zone of the page being rendered: pages of different browsers render at the same time. */
const pageTimeZone = new AsyncLocalStorage<string>();
setTimeZoneSource(() => pageTimeZone.getStore());

/** Renders the page at `input.url` with its data, or says where to go instead (a guard's redirect). */
export function renderPage(input: RenderInput): Promise<RenderResult> {
  return pageTimeZone.run(input.timeZone, () => renderPageInZone(input));
}

async function renderPageInZone(input: RenderInput): Promise<RenderResult> {
  await i18nReady;
  const store = createStore({
    preloadedState: { display: input.display },
    extra: { baseQuery: inProcessBaseQuery(input.api) },
    before: [keepFailedQueries],
  });
  const serverRoutes: RouteObject[] = routes.map((route, i) => (i === 0 ? { ...route, loader: () => loadStartup(store, input) } : route));
  const handler = createStaticHandler(serverRoutes, { basename: '/a' });
  const context = await handler.query(new Request(input.url, { headers: input.headers }));
  if (context instanceof Response) return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/a/' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const used = new Set<string>([...criticalNamespaces, ...(store.getState().auth.status === 'authenticated' ? signedInNamespaces : [])]);
  // A signed-in user's own language (not the shared demo user's: each visitor keeps theirs, issue 13).
  const pageLanguage = (store.getState().auth.status === 'authenticated' && languageOf(store)) || input.language;
  const i18n = pageI18n(pageLanguage, used);
  const media = { prefersDark: input.prefersDark, reduceMotion: input.reduceMotion, wide: input.wide };
  let html: string;
  let cache: EmotionCache;
  let errors: unknown[];
  for (let pass = 1; ; pass++) {
    const before = store.getState().api.queries;
    errors = [];
    cache = createCache({ key: 'css' });
    // Collect the styles instead of writing <style> elements into the markup (what @emotion/server does).
    cache.compat = true;
    html = await renderAll(
      <I18nextProvider i18n={i18n}>
        <SsrMedia value={media}>
          <CacheProvider value={cache}>
            <Provider store={store}>
              <Themed>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </Themed>
            </Provider>
          </CacheProvider>
        </SsrMedia>
      </I18nextProvider>,
      (error) => errors.push(error),
    );
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (process.env.SSR_DEBUG)
      console.log(
        'pass',
        pass,
        running.map((r) => r.queryCacheKey),
        errors,
      );
    if (!running.length || pass >= maxPasses) break;
    await Promise.allSettled(running);
    // Only repeated requests of failed queries (kept failed): this pass's HTML already shows what there is.
    if (store.getState().api.queries === before) break;
  }
  const state = store.getState();
  // A request still running after the last pass is not handed over: the browser would wait for it for good (RTK Query
  // never starts a query again while it is pending); without it, the browser asks it itself.
  const queries = Object.fromEntries(Object.entries(state.api.queries).filter(([, q]) => q?.status !== 'pending'));
  // Nothing keeps running on the server (polling timers of hooks that subscribed while rendering).
  store.dispatch(api.util.resetApiState());
  const { css, cssIds } = collectedCss(cache);
  const resources: SsrPayload['resources'] = {};
  for (const ns of used) {
    const bundle = i18next.getResourceBundle(pageLanguage, ns) as Record<string, unknown> | undefined;
    if (bundle) resources[ns] = bundle;
  }
  const status = context.errors ? errorStatus(Object.values(context.errors)[0]) : context.statusCode;
  const mode = pageMode(state.display, input.prefersDark, demoEnabled(state));
  return {
    kind: 'page',
    status,
    language: pageLanguage,
    mode,
    html,
    css,
    cssIds,
    payload: {
      language: pageLanguage,
      ...media,
      timeZone: input.timeZone,
      resources,
      state: { ...state, api: { ...state.api, queries, subscriptions: {} } },
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors
          ? Object.fromEntries(
              Object.entries(context.errors).map(([id, e]) => [id, { message: e instanceof Error ? e.message : String(errorStatus(e)) }]),
            )
          : null,
      },
    },
  };
}

/** The collected critical CSS of an emotion cache and the ids of its rules (`<style data-emotion="css …ids">`). */
function collectedCss(cache: EmotionCache): { css: string; cssIds: string[] } {
  const cssIds: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    cssIds.push(id);
    css += rules;
  }
  return { css, cssIds };
}

export interface LoginRenderInput {
  /** The visitor's language (`portal_language` cookie), else German. */
  language: Language;
  /** The colour mode the lean page would pick (a guest's display cookie, else the browser's preference). */
  mode: 'light' | 'dark';
  reduceMotion: boolean;
  maintenance: boolean;
}

/**
 * The lean sign-in page (`login.html`, src/login) rendered on the server (issue 29): what a browser without
 * JavaScript reads — the frame, the sign-in card with its form (or the maintenance notice) — with its critical CSS.
 * The page's own script renders it anew once it has started (it does not hydrate: the hand-over notice and the
 * language stored only in the browser are the browser's, and the page keeps its lean entry without this payload).
 */
export async function renderLoginPage(input: LoginRenderInput): Promise<{ html: string; css: string; cssIds: string[]; title: string }> {
  await loadLoginNamespaces(input.language, loginNamespaces);
  const tr = translator(input.language);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const nothing = () => undefined;
  const later = () => Promise.resolve();
  const html = await renderAll(
    <CacheProvider value={cache}>
      <ThemeProvider theme={createPortalTheme(input.mode, input.reduceMotion)}>
        <CssBaseline enableColorScheme />
        <LoginScreen
          tr={tr}
          maintenance={input.maintenance}
          onLanguage={nothing}
          onRetryMaintenance={later}
          onSignedIn={nothing}
          onMaintenance={nothing}
          loadTwoFactorTexts={later}
        />
      </ThemeProvider>
    </CacheProvider>,
  );
  const title = `${input.maintenance ? tr.t('maintenance.title') : tr.t('auth:login.title')} – ${tr.t('appName')}`;
  return { html, title, ...collectedCss(cache) };
}

function languageOf(store: AppStore): Language | undefined {
  const me = sessionApi.endpoints.getMe.select()(store.getState()).data;
  return me && me.email !== demoUserEmail ? (me.language as Language) : undefined;
}

const demoEnabled = (state: ReturnType<AppStore['getState']>) => demoApi.endpoints.getDemo.select()(state).data?.enabled === true;

/** The colour mode the page was rendered in (useColorMode's rule with the server's assumption). */
function pageMode(display: DisplayState, prefersDark: boolean, demo: boolean): 'light' | 'dark' {
  if (demo) return 'light';
  if (display.forcedMode) return display.darkMode ? 'dark' : 'light';
  return prefersDark ? 'dark' : 'light';
}

function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}
