import { userTimeZone } from '@portal/plugin-sdk/web';

export { userTimeZone };

/**
 * A run time in the user's language and time zone: "Mo., 23. Nov. 2026, 03:00". `compact` leaves the
 * year out when it is this year's ("Mo., 23. Nov., 03:00").
 */
export function formatRun(iso: string | Date, language: string, timeZone = userTimeZone(), compact = false): string {
  const date = new Date(iso);
  const year = (d: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(d);
  const withYear = !compact || year(date) !== year(new Date());
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), hour: '2-digit', minute: '2-digit', timeZone }).format(date);
}
