import { useEffect } from 'react';

/** Sets `<html data-hydrated>` once the page around it has committed in the browser (hydrated or rendered). */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = '';
}

/**
 * The page is interactive (issue 29): a server-rendered page is visible before React has attached its handlers,
 * and text typed or a link clicked before then is lost or loads a new document. Rendered inside the Suspense
 * boundary of the page (Shell) and by the error and maintenance pages, its effect runs when React has hydrated
 * that boundary — the last part of the first screen to become interactive. The e2e fixtures wait for it after
 * every document load (plugins/sdk/testing/e2ePortal.ts); nothing in the portal reads it.
 */
export function HydrationMarker() {
  useEffect(markHydrated, []);
  return null;
}
