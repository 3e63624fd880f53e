/**
 * The sign-in page is an entry of its own (`login.html`, issue 14): the SPA reaches it with a full page
 * load. What the SPA used to pass in the router state — where to return after signing in, a notice to
 * show ("You have been logged out.") — goes through the tab's session storage, so the address stays `/a/login`.
 */
export interface LoginHandOff {
  /** A path of the SPA (`/orders`), as `afterLoginTarget` accepts it. */
  from?: string;
  /** A translation key (`auth:logout.done`) shown above the form. */
  notice?: { severity: 'success' | 'info'; key: string };
}

export const loginHandOffKey = 'portal.login';

export function readLoginHandOff(): LoginHandOff {
  try {
    const value = JSON.parse(sessionStorage.getItem(loginHandOffKey) ?? 'null') as LoginHandOff | null;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** A full page load; replaceable in jsdom, where a page cannot load (tests set `pageLoad.go` and reset `leaving`). */
export const pageLoad = {
  /** The page is already on its way to the sign-in page. */
  leaving: false,
  go(url: string, replace: boolean): void {
    if (replace) window.location.replace(url);
    else window.location.assign(url);
  },
};

/** Leaves the SPA for the sign-in page (`/a/login`), handing over the return target and a notice. */
export function toLoginPage(handOff: LoginHandOff = {}, { replace = true }: { replace?: boolean } = {}): void {
  // The first call wins: e.g. ending an impersonation signs out, and the guard of the page underneath would
  // otherwise hand over its own path instead of the notice before the page unloads.
  if (pageLoad.leaving) return;
  pageLoad.leaving = true;
  sessionStorage.setItem(loginHandOffKey, JSON.stringify(handOff));
  pageLoad.go('/a/login', replace);
}

// Back from the sign-in page through the browser's page cache: this page is not leaving any more.
if (typeof window !== 'undefined')
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) pageLoad.leaving = false;
  });
