/**
 * Version order of composer packages and shop releases: numbers compared part by part (`6.4.20.1`), Magento's
 * patch releases after their base (`2.4.6` < `2.4.6-p1` < `2.4.6-p10` < `2.4.7`), pre-releases (`-beta1`, `-RC2`)
 * before it. A leading `v` is ignored.
 */
interface Parsed {
  parts: number[];
  /** Patch number of `-pN` (0: none); `-1` for a pre-release. */
  patch: number;
}

export function parseVersion(version: string): Parsed | null {
  const m = /^v?(\d+(?:\.\d+)*)(?:-(p(\d+)|[a-z]+\.?\d*))?$/i.exec(version.trim());
  if (!m) return null;
  return { parts: m[1]!.split('.').map(Number), patch: m[3] !== undefined ? Number(m[3]) : m[2] ? -1 : 0 };
}

/** Negative when `a` is older than `b`; `null` when either is no version (`dev-main`). */
export function compareVersions(a: string, b: string): number | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return null;
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return d;
  }
  return x.patch - y.patch;
}

/** Whether `version` lies in one of the ranges `[from, fixed)`; the range's `fixed` is returned. */
export function affectedRange(version: string, ranges: readonly { from: string | null; fixed: string }[]): string | null {
  for (const r of ranges) {
    const belowFix = compareVersions(version, r.fixed);
    const aboveFrom = r.from === null ? 0 : compareVersions(version, r.from);
    if (belowFix !== null && aboveFrom !== null && belowFix < 0 && aboveFrom >= 0) return r.fixed;
  }
  return null;
}
