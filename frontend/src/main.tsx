import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';

// Vite reports a failed preload of a lazily loaded chunk; the route's error boundary shows the reload warning.
window.addEventListener('vite:preloadError', (event) => event.preventDefault());

// The first screen renders once its translations are there (common, errors, auth of the current language).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
