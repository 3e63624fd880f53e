/** Minimum browser versions before the warning (§9). Internet Explorer is unsupported. */
export const minimumVersions = { Chrome: 120, Firefox: 121, Edge: 121, Opera: 100, Safari: 17 } as const;
export type BrowserName = keyof typeof minimumVersions;

export interface DetectedBrowser {
  name: BrowserName | 'Internet Explorer' | 'unknown';
  version: number;
}

/** Reads the browser and its major version from a user agent string. Order matters: Edge and Opera also say "Chrome". */
export function detectBrowser(userAgent: string): DetectedBrowser {
  const match = (re: RegExp) => Number(re.exec(userAgent)?.[1] ?? NaN);
  if (/MSIE |Trident\//.test(userAgent)) return { name: 'Internet Explorer', version: match(/(?:MSIE |rv:)(\d+)/) };
  if (/Edg\//.test(userAgent)) return { name: 'Edge', version: match(/Edg\/(\d+)/) };
  if (/OPR\//.test(userAgent)) return { name: 'Opera', version: match(/OPR\/(\d+)/) };
  if (/Firefox\//.test(userAgent)) return { name: 'Firefox', version: match(/Firefox\/(\d+)/) };
  if (/Chrome\//.test(userAgent)) return { name: 'Chrome', version: match(/Chrome\/(\d+)/) };
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return { name: 'Safari', version: match(/Version\/(\d+)/) };
  return { name: 'unknown', version: NaN };
}

/** Whether the browser gets the outdated-browser warning. Unknown browsers are given the benefit of the doubt. */
export function isOutdated(browser: DetectedBrowser): boolean {
  if (browser.name === 'Internet Explorer') return true;
  if (browser.name === 'unknown' || Number.isNaN(browser.version)) return false;
  return browser.version < minimumVersions[browser.name];
}

const dismissedKey = 'portal.browserWarningDismissed';

/**
 * Whether this page shows the outdated-browser modal: an outdated browser that has not dismissed it in this browser
 * session. Both entries ask it — the SPA's shell and the lean sign-in page, where an anonymous visitor lands first.
 */
export function shouldWarnAboutBrowser(userAgent: string = navigator.userAgent): boolean {
  return isOutdated(detectBrowser(userAgent)) && sessionStorage.getItem(dismissedKey) !== '1';
}

/** "Continue anyway": not again in this browser session (tab), on either page. */
export function dismissBrowserWarning(): void {
  sessionStorage.setItem(dismissedKey, '1');
}
