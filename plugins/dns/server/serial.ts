/**
 * SOA serials in the `YYYYMMDDnn` convention (RFC 1912 §2.2): a change on a new day starts at
 * `YYYYMMDD01`; further changes that day count up. A serial that is already today's or ahead of it
 * (a hundredth change, or a zone imported with a larger serial) is increased by one, so the serial
 * only ever grows — secondaries transfer a zone only when it does.
 */

/** Largest SOA serial (RFC 1982 32-bit serial arithmetic). */
export const MAX_SERIAL = 4_294_967_295;

/** `YYYYMMDD` of a moment, in UTC. */
export const dayOf = (now: Date): number => now.getUTCFullYear() * 10_000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();

/**
 * The serial after a change. `current`: the zone's serial; `issued`: the highest serial ever issued
 * for this origin on this server (after a rollback the zone's serial may be lower than that).
 */
export function nextSerial(current: number, issued: number, now: Date): number {
  const base = Math.max(current, issued, 0);
  const today = dayOf(now) * 100;
  const next = base < today ? today + 1 : base + 1;
  if (next > MAX_SERIAL) throw new Error('SOA serial overflow');
  return next;
}
