/** The portal's pages and actions the spotlight offers (searched in the browser, in the user's language). */
import type spotlight from '../i18n/locales/de/spotlight.json';

export interface PortalPage {
  id: keyof typeof spotlight.pages & keyof typeof spotlight.hints;
  /** Key in the `spotlight` namespace (`pages.<id>`); `keywords.<id>` holds further words to match. */
  path: string;
  group: 'pages' | 'actions';
}

export const portalPages: readonly PortalPage[] = [
  { id: 'dashboard', path: '/', group: 'pages' },
  { id: 'contracts', path: '/contracts', group: 'pages' },
  { id: 'invoices', path: '/invoices', group: 'pages' },
  { id: 'orders', path: '/orders', group: 'pages' },
  { id: 'profile', path: '/profile', group: 'pages' },
  { id: 'security', path: '/profile/security', group: 'pages' },
  { id: 'tokens', path: '/profile/personal-access-token', group: 'pages' },
  { id: 'permissions', path: '/profile/permissions', group: 'pages' },
  { id: 'notifications', path: '/profile/notifications', group: 'pages' },
  { id: 'createToken', path: '/profile/personal-access-token', group: 'actions' },
  { id: 'changePassword', path: '/profile/security', group: 'actions' },
  { id: 'enableTwoFactor', path: '/profile/security', group: 'actions' },
];

/** Whether every word of the term occurs in the text (case and accents ignored). */
export function matches(text: string, term: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const haystack = fold(text);
  return fold(term)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => haystack.includes(w));
}
