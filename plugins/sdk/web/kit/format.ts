let timeZoneSource: (() => string | undefined) | undefined;

/**
 * Where the time zone of the page comes from instead of the browser (issue 29): a server-rendered page is
 * formatted in the zone the server rendered it in (the browser's own from the `portal_tz` cookie, else
 * Europe/Berlin) — on the server per request, in the browser the zone of the payload, so hydration matches.
 */
export function setTimeZoneSource(source: () => string | undefined): void {
  timeZoneSource = source;
}

/** The page's time zone (IANA), e.g. `Europe/Berlin`: the browser's, `UTC` when it cannot be read. */
export function userTimeZone(): string {
  const fixed = timeZoneSource?.();
  if (fixed) return fixed;
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

/** The locale of a portal language: German as in Germany, English as in the United Kingdom (day before month, 24 hours). */
export const formatLocale = (language: string): string => (language.startsWith('en') ? 'en-GB' : 'de-DE');

/**
 * The number formats of §9 in the user's language: currency (EUR), currency with 4 decimals (unit prices),
 * decimal with 2 decimals, percent, percent with 1 decimal and thousands with 0 decimals. Percent functions
 * take a percentage (`76.8` → "76,8 %"), as the API sends them.
 */
export function numberFormats(language: string) {
  const locale = formatLocale(language);
  const currency = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const currency4 = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 4, maximumFractionDigits: 4 });
  const decimal2 = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const percent1 = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const thousands = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
  // Decimal strings of the API (`"1234.50"`) are formatted as they are; Intl reads them without a float sum.
  const num = (v: number | string) => (typeof v === 'string' ? Number(v) : v);
  return {
    currency: (v: number | string) => currency.format(num(v)),
    currency4: (v: number | string) => currency4.format(num(v)),
    decimal2: (v: number | string) => decimal2.format(num(v)),
    percent: (percentage: number) => percent.format(percentage / 100),
    percent1: (percentage: number) => percent1.format(percentage / 100),
    thousands: (v: number) => thousands.format(v),
  };
}

/**
 * The date formats of §9 in the user's language and time zone: short ("02.03.2026"), long with weekday
 * and time ("Montag, 2. März 2026 um 11:00"), time ("11:00"), time with seconds ("11:00:05") and month-year
 * ("März 2026"). Calendar months (`YYYY-MM`) are read as such, not shifted by the time zone.
 */
export function dateFormats(language: string, timeZone = userTimeZone()) {
  const locale = formatLocale(language);
  const short = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const timeSeconds = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone });
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    short: (d: string | Date) => short.format(new Date(d)),
    long: (d: string | Date) => long.format(new Date(d)),
    time: (d: string | Date) => time.format(new Date(d)),
    timeSeconds: (d: string | Date) => timeSeconds.format(new Date(d)),
    /** A month `YYYY-MM` or a date. */
    monthYear: (d: string | Date) => monthYear.format(typeof d === 'string' && /^\d{4}-\d{2}$/.test(d) ? new Date(`${d}-01T00:00:00Z`) : new Date(d)),
  };
}
