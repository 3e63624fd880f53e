/**
 * Cron schedules as Debian's cron (Vixie cron) reads them in `/etc/cron.d`: five fields (minute, hour,
 * day of month, month, day of week) of `*`, numbers, ranges, lists and steps, month and weekday names,
 * or one of the `@` macros. Stricter than `cron-parser`, which also accepts seconds, `L`, `#`, `H` and `?`
 * that cron itself does not understand. Used by the server (rules, rendering, next runs) and the browser
 * (live preview), so both agree.
 *
 * Time zone: cron runs jobs in the server's local time. Managed servers run in `serverTimeZone`; the next
 * run times are instants (ISO, UTC) that the browser shows in the user's own time zone.
 */
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { cronjobResource } from '../generated/resources.ts';
import { CronExpressionParser } from 'cron-parser';

/** The time zone cron uses on the managed servers. */
export const serverTimeZone = 'Europe/Berlin';

/** How far ahead a schedule must run at least once; beyond it, it counts as "never runs". */
export const horizonYears = 5;

/** How many upcoming runs are shown. */
export const nextRunCount = 5;

/** `@` macros cron understands (`@reboot` is left out: it has no time to show or check). */
export const macros: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

export const fieldNames = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
export type FieldName = (typeof fieldNames)[number];

interface FieldSpec {
  name: FieldName;
  min: number;
  max: number;
  names?: readonly string[];
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const specs: readonly FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'dayOfMonth', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: monthNames },
  { name: 'dayOfWeek', min: 0, max: 7, names: dayNames },
];

/** Characters a schedule may contain at all, and its length: the contract's (`x-resources.cronjob.fields.schedule`). */
export const scheduleCharacters = fieldPattern(cronjobResource.fields.schedule)!;
export const scheduleMaxLength = cronjobResource.fields.schedule.maxLength;

/** Why a schedule is refused: not cron syntax, a value outside its field, or it never runs. */
export type ScheduleProblem = 'format' | 'range' | 'never';

export type ScheduleCheck =
  | { ok: true; /** Numbers instead of names, single spaces, macros kept: what is written to the file. */ normalized: string; /** Always five fields. */ expanded: string }
  | { ok: false; problem: ScheduleProblem; field?: FieldName };

const element = /^(\*|[0-9a-z]+(?:-[0-9a-z]+)?)(?:\/([0-9]+))?$/;

function value(token: string, spec: FieldSpec): number | undefined {
  if (/^[0-9]{1,2}$/.test(token)) return Number(token);
  const i = spec.names?.indexOf(token) ?? -1;
  if (i < 0) return undefined;
  return spec.name === 'month' ? i + 1 : i;
}

/** One field: returns its normalized text, or the problem. */
function checkField(text: string, spec: FieldSpec): string | ScheduleProblem {
  const parts = text.toLowerCase().split(',');
  const out: string[] = [];
  for (const part of parts) {
    const m = element.exec(part);
    if (!m) return 'format';
    const [, base, step] = m;
    let normalized: string;
    if (base === '*') normalized = '*';
    else {
      const [from, to] = base.split('-');
      const a = value(from, spec);
      const b = to === undefined ? undefined : value(to, spec);
      if (a === undefined || (to !== undefined && b === undefined)) return /^[0-9]+$/.test(from) && (to === undefined || /^[0-9]+$/.test(to)) ? 'range' : 'format';
      if (a < spec.min || a > spec.max || (b !== undefined && (b < spec.min || b > spec.max))) return 'range';
      if (b !== undefined && b < a) return 'range';
      // Cron allows a step only after `*` or a range.
      if (step !== undefined && b === undefined) return 'format';
      normalized = b === undefined ? String(a) : `${a}-${b}`;
    }
    if (step !== undefined) {
      const s = Number(step);
      if (!Number.isInteger(s) || s < 1 || s > spec.max) return 'range';
      normalized += `/${s}`;
    }
    out.push(normalized);
  }
  return out.join(',');
}

/** Checks a schedule's syntax and ranges (not yet whether it ever runs). */
export function parseSchedule(input: string): ScheduleCheck {
  const text = input.trim();
  if (!text || text.length > scheduleMaxLength || !scheduleCharacters.test(text)) return { ok: false, problem: 'format' };
  if (text.startsWith('@')) {
    const macro = text.toLowerCase();
    const expanded = macros[macro];
    return expanded ? { ok: true, normalized: macro, expanded } : { ok: false, problem: 'format' };
  }
  const fields = text.split(/ +/);
  if (fields.length !== 5) return { ok: false, problem: 'format' };
  const normalized: string[] = [];
  for (const [i, spec] of specs.entries()) {
    const r = checkField(fields[i], spec);
    if (r === 'format' || r === 'range' || r === 'never') return { ok: false, problem: r, field: spec.name };
    normalized.push(r);
  }
  const joined = normalized.join(' ');
  return { ok: true, normalized: joined, expanded: joined };
}

/**
 * The next runs after `now` (at most `count`, within `horizonYears`), as Dates. Empty when the schedule
 * is valid syntax but never runs (`0 0 31 2 *`).
 */
export function nextRuns(expanded: string, now: Date, count = nextRunCount, timeZone = serverTimeZone): Date[] {
  const end = new Date(now);
  end.setUTCFullYear(end.getUTCFullYear() + horizonYears);
  let it;
  try {
    it = CronExpressionParser.parse(expanded, { tz: timeZone, currentDate: now, endDate: end });
  } catch {
    // cron-parser refuses days no month in the expression has ("31 in February") while parsing.
    return [];
  }
  const runs: Date[] = [];
  try {
    // `next()` throws past `endDate`; `hasNext()` would compute every run twice.
    while (runs.length < count) runs.push(it.next().toDate());
  } catch {
    /* out of the range: no further run */
  }
  return runs;
}

export type ScheduleResult =
  | { ok: true; normalized: string; expanded: string; nextRuns: Date[] }
  | { ok: false; problem: ScheduleProblem; field?: FieldName };

/** The full check: syntax, ranges, and at least one run within `horizonYears`. */
export function checkSchedule(input: string, now: Date, count = nextRunCount): ScheduleResult {
  const parsed = parseSchedule(input);
  if (!parsed.ok) return parsed;
  const runs = nextRuns(parsed.expanded, now, count);
  if (!runs.length) return { ok: false, problem: 'never' };
  return { ...parsed, nextRuns: runs };
}
