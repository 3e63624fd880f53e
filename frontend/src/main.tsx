import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import { listenForUncaughtErrors } from './monitoring/errorReporting';
import { reportChunkFailure } from './shell/chunks';
import { rememberMediaPreferences } from './ssr/mediaCookie';
import { ssrPayload } from './ssr/payload';

// Vite reports a failed preload of a lazily loaded chunk (e.g. after a deployment): the reload warning (§8).
// Not prevented: the import must still fail, so the route's error boundary does not get `undefined` as a module.
window.addEventListener('vite:preloadError', () => reportChunkFailure());

// Issue 31: uncaught errors are kept from the start and reported once a DSN is configured (nothing otherwise).
listenForUncaughtErrors();

rememberMediaPreferences();

// A page the server rendered is hydrated (its own chunk: the first screen is already there, issue 29);
// otherwise the first screen renders once its translations are there (common, errors, auth of the current language).
const root = document.getElementById('root')!;
void i18nReady.finally(() =>
  ssrPayload
    ? import('./ssr/hydrate').then((m) => m.hydrate(root, ssrPayload!))
    : createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
);
