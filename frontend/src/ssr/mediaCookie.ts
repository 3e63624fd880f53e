/**
 * Writes the browser's colour and motion preferences into a cookie (`portal_media`: dark 0/1, reduce 0/1) for the
 * server's next rendering of a page (issue 29; Chromium also sends them as client hints).
 */
export function rememberMediaPreferences(): void {
  const media = (query: string) => +matchMedia(`(prefers-${query})`).matches;
  document.cookie = `portal_media=${media('color-scheme: dark')}${media('reduced-motion: reduce')};path=/;max-age=31536000;samesite=lax`;
}
