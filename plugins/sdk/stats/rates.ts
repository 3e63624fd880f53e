/**
 * Counters into rates: a stats service reads monotonic totals (CPU jiffies, bytes sent, commands
 * processed, cache hits) and the family turns two readings into per-second rates.
 */

/** One reading of a service's counters. */
export interface CounterReading<C extends string = string> {
  /** Monotonic milliseconds of the reading. */
  atMs: number;
  /** The totals; a counter the service did not give is absent. */
  values: Partial<Record<C, number>>;
}

/**
 * Per-second rates between two readings. `null` where a counter is missing in either, where it went
 * back (restart, wrap) or when no time passed.
 */
export function counterRates<C extends string>(
  previous: CounterReading<C> | undefined,
  current: CounterReading<C>,
  names: readonly C[],
): Record<C, number | null> {
  const out = {} as Record<C, number | null>;
  const seconds = previous ? (current.atMs - previous.atMs) / 1000 : 0;
  for (const name of names) {
    const a = previous?.values[name];
    const b = current.values[name];
    out[name] = a === undefined || b === undefined || seconds <= 0 || b < a ? null : (b - a) / seconds;
  }
  return out;
}

/** `part` as a percentage of `whole` (e.g. busy of all CPU time, hits of all lookups), 0–100; `null` without both or without any `whole`. */
export function share(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return Math.min(100, Math.max(0, (part / whole) * 100));
}

/** Rounds to `digits` places, keeping `null`. */
export const roundTo = (value: number | null, digits: number): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
