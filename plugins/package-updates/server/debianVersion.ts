/**
 * Debian package versions compared as dpkg compares them (`dpkg --compare-versions`, lib/dpkg/version.c):
 * `[epoch:]upstream[-revision]`, the epoch numerically, then upstream and revision each with dpkg's `verrevcmp` —
 * alternating runs of non-digits (compared character by character: `~` before everything, even the end; letters
 * before other characters) and digits (compared as numbers). Not semver: `1.0~rc1 < 1.0 < 1.0+deb12u1 < 1:0.9`.
 * The one npm library found (deb-version-compare 1.2.1) disagreed with dpkg on such pairs; see the README.
 */

/** A version split into its three parts (a missing epoch is 0, a missing revision empty). */
export interface DebianVersion {
  epoch: number;
  upstream: string;
  revision: string;
}

/** The characters dpkg allows in a version (after the epoch); anything else is no Debian version. */
const versionPattern = /^(?:(\d+):)?([0-9][A-Za-z0-9.+~:-]*?)(?:-([A-Za-z0-9.+~]+))?$/;

/** Splits a version (`1:2.3-4`); `undefined` when it is none. */
export function parseDebianVersion(text: string): DebianVersion | undefined {
  const m = versionPattern.exec(text.trim());
  if (!m || m[2]!.endsWith('-')) return undefined;
  const epoch = m[1] === undefined ? 0 : Number(m[1]);
  if (!Number.isSafeInteger(epoch)) return undefined;
  return { epoch, upstream: m[2]!, revision: m[3] ?? '' };
}

/** dpkg's order of one character of a non-digit run: `~` lowest, then the end of the run, letters, the rest. */
function order(c: string | undefined): number {
  if (c === undefined) return 0;
  if (c === '~') return -1;
  if (/[A-Za-z]/.test(c)) return c.charCodeAt(0);
  return c.charCodeAt(0) + 256;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** dpkg's `verrevcmp` of two upstream versions or two revisions: negative, 0 or positive. */
function compareParts(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const ac = isDigit(a[i]) ? undefined : a[i];
      const bc = isDigit(b[j]) ? undefined : b[j];
      const d = order(ac) - order(bc);
      if (d) return d;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    let first = 0;
    while (isDigit(a[i]) && isDigit(b[j])) {
      if (!first) first = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (isDigit(a[i])) return 1;
    if (isDigit(b[j])) return -1;
    if (first) return first;
  }
  return 0;
}

/** Compares two Debian versions: -1, 0 or 1 (throws for a text that is no version). */
export function compareDebianVersions(a: string, b: string): -1 | 0 | 1 {
  const x = parseDebianVersion(a);
  const y = parseDebianVersion(b);
  if (!x) throw new Error(`not a Debian version: ${JSON.stringify(a)}`);
  if (!y) throw new Error(`not a Debian version: ${JSON.stringify(b)}`);
  const d = x.epoch - y.epoch || compareParts(x.upstream, y.upstream) || compareParts(x.revision, y.revision);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}
