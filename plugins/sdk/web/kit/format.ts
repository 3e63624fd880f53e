/** The browser's time zone (IANA), e.g. `Europe/Berlin`; `UTC` when it cannot be read. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A date in the user's language and time zone: "22. Nov. 2026" / "Nov 22, 2026". */
export function formatDate(iso: string | Date, language: string, timeZone = userTimeZone()): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
}
