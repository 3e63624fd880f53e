/**
 * Usage analytics (issue 31, §7 R7.019): off unless the server names an endpoint (`ANALYTICS_URL`, delivered by
 * `GET /api/v1/client-config`), and then only after the user accepted in the consent banner. A page view carries the
 * page's path (tokens and e-mail addresses in it masked) and the signed-in user's id — nothing else about the user.
 * The body is Plausible's event format, sent as `text/plain` (no preflight), with `keepalive`.
 */
export type Consent = 'accepted' | 'declined';

export const consentKey = 'portal.analyticsConsent';
/** §9: consent is kept up to 2 years; then the banner asks again. */
export const consentMaxAgeMs = 2 * 365 * 24 * 60 * 60 * 1000;

export function storedConsent(now = Date.now()): Consent | undefined {
  try {
    const raw = JSON.parse(localStorage.getItem(consentKey) ?? 'null') as { value?: string; at?: number } | null;
    if (!raw || (raw.value !== 'accepted' && raw.value !== 'declined') || typeof raw.at !== 'number' || now - raw.at > consentMaxAgeMs) return undefined;
    return raw.value;
  } catch {
    return undefined;
  }
}

export function rememberConsent(value: Consent, now = Date.now()): void {
  try {
    localStorage.setItem(consentKey, JSON.stringify({ value, at: now }));
  } catch {
    // storage refused (private mode): the answer holds for this page only
  }
}

/** Path segments that may be secrets or personal (invitation and reset tokens, e-mail addresses) are masked. */
export function maskPath(path: string): string {
  return path
    .split('/')
    .map((s) => (s.includes('@') || s.includes('%40') || /^[\w-]{20,}$/.test(s) ? ':masked' : s))
    .join('/');
}

export function pageView(url: string, path: string, userId: number | null): void {
  const body = JSON.stringify({
    name: 'pageview',
    url: `${window.location.origin}${maskPath(path)}`,
    domain: window.location.hostname,
    ...(userId !== null ? { props: { userId: String(userId) } } : {}),
  });
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => {});
}
