import { useEffect } from 'react';
import { useLocation } from 'react-router';

let navigations = 0;
/**
 * `<html data-navigations>` counts the pages the router has shown in this document (the first load and every in-app
 * navigation, after the new page has committed). The accessibility passes open ~130 routes in one page each by
 * navigating in the app (frontend/e2e/a11yPasses.ts) and wait for this to change; nothing in the portal reads it.
 */
export function NavigationMarker() {
  const location = useLocation();
  useEffect(() => {
    document.documentElement.dataset.navigations = String(++navigations);
  }, [location]);
  return null;
}
