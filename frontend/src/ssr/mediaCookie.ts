/**
 * Writes the browser's colour and motion preferences and whether the window is at least `md` (900 px) wide into a
 * cookie (`portal_media`: dark 0/1, reduce 0/1, wide 0/1) for the server's next rendering of a page (issue 29;
 * Chromium also sends the preferences as client hints, and whether it is a phone).
 */
export function rememberMediaPreferences(): void {
  const media = (query: string) => +matchMedia(`(${query})`).matches;
  document.cookie = `portal_media=${media('prefers-color-scheme: dark')}${media('prefers-reduced-motion: reduce')}${media('min-width: 900px')};path=/;max-age=31536000;samesite=lax`;
  // The time zone: the server formats the next page's dates in it (`portal_tz`).
  let zone = '';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    // No zone: the server keeps Europe/Berlin.
  }
  if (zone) document.cookie = `portal_tz=${encodeURIComponent(zone)};path=/;max-age=31536000;samesite=lax`;
}
