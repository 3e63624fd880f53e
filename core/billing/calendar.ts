/**
 * Calendar days (`YYYY-MM-DD`) in the provider's time zone (Europe/Berlin). Contract dates are days,
 * not instants; arithmetic is done on UTC midnights so daylight saving never shifts a day.
 */
const timeZone = 'Europe/Berlin';

export type Day = string;

/** The provider's calendar day of an instant. */
export const dayOf = (at: Date): Day =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const parse = (day: Day): Date => new Date(`${day}T00:00:00Z`);
const format = (d: Date): Day => d.toISOString().slice(0, 10);

export const isDay = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parse(s).getTime()) && format(parse(s)) === s;

export const addDays = (day: Day, days: number): Day => {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + days);
  return format(d);
};

/** The last day of the month `months` after the month of `day` (0: its own month). */
export const endOfMonth = (day: Day, months = 0): Day => {
  const d = parse(day);
  return format(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)));
};

export const isEndOfMonth = (day: Day): boolean => endOfMonth(day) === day;

/** Days in the month of `day`. */
export const daysInMonth = (day: Day): number => Number(endOfMonth(day).slice(8));

/** Whole days from `a` to `b` (b − a). */
export const daysBetween = (a: Day, b: Day): number => Math.round((parse(b).getTime() - parse(a).getTime()) / 86_400_000);

export const addYears = (day: Day, years: number): Day => {
  const d = parse(day);
  const target = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return format(target);
};
