import { lazy } from 'react';
import { loadChunk } from './chunks';

/** The signed-in frame's parts and rarely shown dialogs, each loaded when first rendered (issue 14). */
const signedIn = () => loadChunk(() => import('./signedInParts'));

export const SignedInTools = lazy(() => signedIn().then((m) => ({ default: m.SignedInTools })));
export const NavMenu = lazy(() => signedIn().then((m) => ({ default: m.NavMenu })));
export const UserMenu = lazy(() => signedIn().then((m) => ({ default: m.UserMenu })));
export const ImpersonationBanner = lazy(() => signedIn().then((m) => ({ default: m.ImpersonationBanner })));
export const SignedInEffects = lazy(() => signedIn().then((m) => ({ default: m.SignedInEffects })));
/** Only while a session is lost (§4): the sign-in form with final-form. */
export const LoginModal = lazy(() => loadChunk(() => import('../auth/LoginModal')).then((m) => ({ default: m.LoginModal })));
/** Only in an outdated browser (§2, §9). */
export const BrowserSupportModal = lazy(() => loadChunk(() => import('./BrowserSupportModal')).then((m) => ({ default: m.BrowserSupportModal })));
