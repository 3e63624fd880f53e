/**
 * When a plan is backed up (UTC): `hourly` at every full hour, `daily` at its hour, `weekly` on Sundays at its
 * hour, `manual` never by itself. Pure: the server's scheduler asks for the last slot that was due, the list
 * shows the next one, the unit test pins both.
 */
export type Schedule = 'hourly' | 'daily' | 'weekly' | 'manual';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The newest slot at or before `now` (`null` for `manual`). */
export function lastSlot(schedule: Schedule, hour: number, now: Date): Date | null {
  if (schedule === 'manual') return null;
  const t = now.getTime();
  if (schedule === 'hourly') return new Date(t - (t % hourMs));
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (d.getTime() > t) d.setTime(d.getTime() - dayMs);
  if (schedule === 'weekly') d.setTime(d.getTime() - d.getUTCDay() * dayMs); // back to that week's Sunday
  return d;
}

/** The first slot after `now` (`null` for `manual`). */
export function nextRun(schedule: Schedule, hour: number, now: Date): Date | null {
  const last = lastSlot(schedule, hour, now);
  if (!last) return null;
  return new Date(last.getTime() + (schedule === 'hourly' ? hourMs : schedule === 'daily' ? dayMs : 7 * dayMs));
}

/** How often the restore test proves each plan restorable (once a day, after its backups). */
export const restoreTestEveryMs = dayMs;
