import { lazy, Suspense } from 'react';
import type * as LoginModalModule from '../auth/LoginModal';
import { loadChunk } from './chunks';

/** The signed-in frame's parts and rarely shown dialogs, each loaded when first rendered (issue 14). */
const signedIn = () => loadChunk(() => import('./signedInParts'));

export const SignedInTools = lazy(() => signedIn().then((m) => ({ default: m.SignedInTools })));
export const NavMenu = lazy(() => signedIn().then((m) => ({ default: m.NavMenu })));
export const UserMenu = lazy(() => signedIn().then((m) => ({ default: m.UserMenu })));
export const ImpersonationBanner = lazy(() => signedIn().then((m) => ({ default: m.ImpersonationBanner })));
export const SignedInEffects = lazy(() => signedIn().then((m) => ({ default: m.SignedInEffects })));

let loginModal: typeof LoginModalModule | undefined;
const loginModalChunk = () => import('../auth/LoginModal').then((m) => (loginModal = m));
const LazyLoginModal = lazy(() => loadChunk(loginModalChunk).then((m) => ({ default: m.LoginModal })));

/**
 * Fetched once signed in, after the page (the sign-in form with final-form): when the session is lost (§4) the
 * dialog opens at once, even when the network is gone by then.
 */
export function preloadLoginModal(): void {
  void loginModalChunk().catch(() => undefined);
}

/** The login dialog of a lost session; rendered only while it is lost. */
export function LoginModal() {
  const Loaded = loginModal?.LoginModal;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={null}>
      <LazyLoginModal />
    </Suspense>
  );
}

/** Only in an outdated browser (§2, §9). */
export const BrowserSupportModal = lazy(() =>
  loadChunk(() => import('./BrowserSupportModal')).then((m) => ({ default: m.BrowserSupportModal })),
);
