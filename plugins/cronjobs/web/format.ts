/** The browser's time zone (IANA), e.g. `Europe/Berlin`. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A run time in the user's language and time zone: "Mo., 23. Nov. 2026, 03:00". */
export function formatRun(iso: string | Date, language: string, timeZone = userTimeZone()): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}
