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

/**
 * A date and time in the user's language and time zone: "Mo., 23. Nov. 2026, 03:00". `weekday: false`
 * leaves the weekday out, `compact` the year when it is this year's ("Mo., 23. Nov., 03:00").
 */
export function formatDateTime(iso: string | Date, language: string, { timeZone = userTimeZone(), compact = false, weekday = true } = {}): string {
  const date = new Date(iso);
  const year = (d: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(d);
  const withYear = !compact || year(date) !== year(new Date());
  return new Intl.DateTimeFormat(language, {
    ...(weekday ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}
