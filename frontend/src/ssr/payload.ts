import { createContext } from 'react';

/**
 * What the BFF hands the browser with a server-rendered page (issue 29): the first render in the browser must
 * equal the server's, so it starts from the same language, translations, store state, colour preference and
 * router state. A `<script type="application/json">` (not executed: the CSP allows no inline script).
 */
export interface SsrPayload {
  language: 'de' | 'en';
  /** The colour preference the server assumed (`Sec-CH-Prefers-Color-Scheme` or the `portal_scheme` cookie). */
  prefersDark: boolean;
  /** Whether the server rendered with "reduce motion" (no ripples, no transitions). */
  reduceMotion: boolean;
  /**
   * Whether the server assumed a screen at least `md` (900 px) wide: the width the browser measured on its last
   * page (`portal_media` cookie), else not a phone by `Sec-CH-UA-Mobile`, else wide.
   */
  wide: boolean;
  /** The time zone the server formatted dates and times in (the browser formats in it too until the next page). */
  timeZone: string;
  /** The translations the page used, by namespace, of `language`. */
  resources: Record<string, Record<string, unknown>>;
  /** The store's state after the server loaded the page's data (RTK Query cache, session, display settings). */
  state: Record<string, unknown>;
  /** React Router's hydration data (loader data and errors of the matched routes). */
  router: unknown;
}

/** The element id of the payload. */
export const ssrPayloadId = 'portal-ssr';

/** The payload of a server-rendered page, or nothing (a page the browser renders itself). */
export const ssrPayload: SsrPayload | undefined = (() => {
  const text = typeof document !== 'undefined' ? document.getElementById(ssrPayloadId)?.textContent : undefined;
  return text ? (JSON.parse(text) as SsrPayload) : undefined;
})();

/**
 * The media preferences the server rendered with: the browser's first render uses them too (hydration must
 * match), then follows its own. Undefined in a page the browser renders itself.
 */
export const SsrMedia = createContext<Pick<SsrPayload, 'prefersDark' | 'reduceMotion' | 'wide'> | undefined>(ssrPayload);
