import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { App } from '../App';
import { routes } from '../routes';
import { createStore, type PreloadedState } from '../store';
import { setTimeZoneSource } from '@portal/plugin-sdk/web/format';
import type { SsrPayload } from './payload';

/**
 * Takes over a page the BFF rendered (issue 29): the matched routes' lazy modules are resolved first (the
 * router would otherwise render its fallback instead of the server's page), the store starts from the
 * server's state (RTK Query does not ask again for what the page shows) and the router from its loader data.
 */
export async function hydrate(root: HTMLElement, payload: SsrPayload): Promise<void> {
  // Dates and times in the zone the server formatted them in (the browser's own from its cookie, else Europe/Berlin).
  setTimeZoneSource(() => payload.timeZone);
  const matches = matchRoutes(routes, window.location, '/a') ?? [];
  await Promise.all(
    matches
      .filter((m) => m.route.lazy)
      .map(async ({ route }) => {
        const module = await (route.lazy as () => Promise<object>)();
        Object.assign(route, { ...module, lazy: undefined });
      }),
  );
  const store = createStore({ preloadedState: payload.state as PreloadedState });
  const router = createBrowserRouter(routes, { basename: '/a', hydrationData: payload.router as HydrationState });
  hydrateRoot(
    root,
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}
