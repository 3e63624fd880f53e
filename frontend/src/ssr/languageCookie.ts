/**
 * The language of a browser without a signed-in user's own (a guest, a demo visitor; issue 29): the
 * `portal_language` cookie, which the BFF reads to render the page in it, kept with `portal.language` in the
 * browser's storage. A browser that has only the stored one (chosen before the cookie existed) gets the
 * cookie from it, so its next page is rendered in its language. Shared by the SPA and the lean sign-in page.
 */
type Language = 'de' | 'en';

const storageKey = 'portal.language';
const isLanguage = (value: string | null | undefined): value is Language => value === 'de' || value === 'en';

const cookieLanguage = () =>
  document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === 'portal_language')?.[1];

export function rememberVisitorLanguage(language: Language): void {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Storage may be unavailable (private mode); the cookie is what the server reads.
  }
  document.cookie = `portal_language=${language};path=/;max-age=31536000;samesite=lax`;
}

/** The visitor's language: the cookie, else the stored one (then written into the cookie too), else none. */
export function visitorLanguage(): Language | undefined {
  if (typeof document === 'undefined') return undefined;
  const cookie = cookieLanguage();
  if (isLanguage(cookie)) return cookie;
  let stored: string | null;
  try {
    stored = localStorage.getItem(storageKey);
  } catch {
    return undefined;
  }
  if (!isLanguage(stored)) return undefined;
  rememberVisitorLanguage(stored);
  return stored;
}
