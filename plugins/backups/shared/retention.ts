/**
 * A plan's retention as `restic forget` flags, and how far back it reaches (what the price depends on). Pure:
 * the unit test checks the flags, the server runs them, the web shows the cost of the reach.
 */
export interface Retention {
  keepDays: number;
  keepWeeks: number;
  keepMonths: number;
}

/** `restic forget` flags for one plan's snapshots (its tag), always with `--prune`. */
export function forgetFlags(planId: number, r: Retention): string[] {
  const flags = ['--tag', `plan-${planId}`, '--group-by', 'host,tags', '--keep-within', `${r.keepDays}d`];
  if (r.keepWeeks > 0) flags.push('--keep-weekly', String(r.keepWeeks));
  if (r.keepMonths > 0) flags.push('--keep-monthly', String(r.keepMonths));
  return [...flags, '--prune'];
}

/** The number of days back a plan keeps snapshots: the longest of its rules (a month counted as 31 days). */
export const retentionDays = (r: Retention): number => Math.max(r.keepDays, r.keepWeeks * 7, r.keepMonths * 31);
