/**
 * Domain names as this plugin stores them: lowercase ASCII, owner names relative to the zone's
 * origin (`@` for the apex), targets either relative (`mail`, `@`) or absolute with a trailing dot
 * (`mx1.example.net.`). Every check here is about structure only; which record may use which kind of
 * name is decided in `rules.ts`.
 */

/** A label of an owner or target name: letters, digits, `_` and `-`, not starting or ending with `-`. */
const label = /^(?:[a-z0-9_]|[a-z0-9_][a-z0-9_-]{0,61}[a-z0-9_])$/;
/** A hostname label (RFC 952/1123 "LDH"): no underscore. */
const hostLabel = /^(?:[a-z0-9]|[a-z0-9][a-z0-9-]{0,61}[a-z0-9])$/;

export const MAX_NAME_LENGTH = 253;

/** Whether `origin` is a domain name a zone can have: two or more hostname labels, at most 253 characters, without a trailing dot. */
export function isValidOrigin(origin: string): boolean {
  if (origin.length > MAX_NAME_LENGTH || origin !== origin.toLowerCase()) return false;
  const labels = origin.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => hostLabel.test(l))) return false;
  // The top-level label is alphabetic or an IDN (`xn--…`), never all digits.
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels[labels.length - 1]);
}

/** `Shop.Example.` → `shop.example`. */
export const normalizeOrigin = (origin: string): string => origin.trim().toLowerCase().replace(/\.$/, '');

/** The absolute form of a name relative to `origin` (`www` → `www.example.com`, `@` → `example.com`), without the trailing dot. */
export const absoluteName = (name: string, origin: string): string => (name === '@' ? origin : `${name}.${origin}`);

/**
 * An owner name as the user typed it, relative to the zone: lowercase, `@` or the origin itself
 * becomes `@`, an absolute name inside the zone (`www.example.com.`) becomes relative (`www`).
 * Returns `null` when the name lies outside the zone.
 */
export function relativeOwner(input: string, origin: string): string | null {
  const name = input.trim().toLowerCase();
  if (name === '@' || name === '') return '@';
  if (!name.endsWith('.')) return name === origin ? '@' : name;
  const absolute = name.slice(0, -1);
  if (absolute === origin) return '@';
  if (absolute.endsWith(`.${origin}`)) return absolute.slice(0, -origin.length - 1);
  return null;
}

export type OwnerProblem = 'syntax' | 'too_long' | 'wildcard' | 'hostname';

/**
 * Checks a relative owner name. `hostname`: only LDH labels (A, AAAA and MX owners must be
 * hostnames, or named-checkzone's check-names refuses the zone). A wildcard `*` is allowed as the
 * first label only.
 */
export function checkOwner(name: string, origin: string, opts: { hostname?: boolean } = {}): OwnerProblem | null {
  if (name === '@') return null;
  const labels = name.split('.');
  for (const [i, l] of labels.entries()) {
    if (l === '*') {
      if (i !== 0) return 'wildcard';
      continue;
    }
    if (!label.test(l)) return 'syntax';
    if (opts.hostname && !hostLabel.test(l)) return 'hostname';
  }
  if (absoluteName(name, origin).length > MAX_NAME_LENGTH) return 'too_long';
  return null;
}

export type TargetProblem = 'syntax' | 'too_long' | 'hostname' | 'root';

/**
 * Checks a target name (CNAME, NS, MX, SRV): `@`, a relative name, or an absolute name with a
 * trailing dot. `hostname`: LDH labels only (NS, MX and SRV targets). `root`: whether `.` (no
 * service — null MX, SRV "not available") is allowed.
 */
export function checkTarget(target: string, origin: string, opts: { hostname?: boolean; root?: boolean } = {}): TargetProblem | null {
  if (target === '@') return null;
  if (target === '.') return opts.root ? null : 'root';
  const absolute = target.endsWith('.');
  const body = absolute ? target.slice(0, -1) : target;
  const labels = body.split('.');
  for (const l of labels) {
    if (!label.test(l)) return 'syntax';
    if (opts.hostname && !hostLabel.test(l)) return 'hostname';
  }
  if ((absolute ? body : absoluteName(body, origin)).length > MAX_NAME_LENGTH) return 'too_long';
  return null;
}

/** Normalises a target the user typed: trimmed and lowercase; the origin itself becomes `@`. */
export function normalizeTarget(input: string, origin: string): string {
  const t = input.trim().toLowerCase();
  if (t === `${origin}.`) return '@';
  return t;
}

/** The absolute name a target points to (without trailing dot), to compare targets with owners. */
export function targetAbsolute(target: string, origin: string): string {
  if (target === '@') return origin;
  if (target === '.') return '';
  return target.endsWith('.') ? target.slice(0, -1) : `${target}.${origin}`;
}

/** Whether an absolute name (without trailing dot) lies inside the zone; gives its relative owner form. */
export function insideZone(absolute: string, origin: string): string | null {
  if (absolute === origin) return '@';
  return absolute.endsWith(`.${origin}`) ? absolute.slice(0, -origin.length - 1) : null;
}

/** The hostmaster's e-mail address as SOA RNAME: dots of the local part escaped (`first.last@x.de` → `first\.last.x.de.`). */
export function emailToRname(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at).replace(/\./g, '\\.')}.${email.slice(at + 1)}.`;
}

/** SOA RNAME back to an e-mail address (`first\.last.x.de.` → `first.last@x.de`); `null` when it is none. */
export function rnameToEmail(rname: string, origin: string): string | null {
  let name = rname.toLowerCase();
  if (name === '@') return null;
  if (!name.endsWith('.')) name = `${name}.${origin}.`;
  name = name.slice(0, -1);
  // The first dot that is not escaped separates the local part.
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '\\') {
      i++;
      continue;
    }
    if (name[i] === '.') {
      const local = name.slice(0, i).replace(/\\\./g, '.');
      const domain = name.slice(i + 1);
      if (!local || !domain || local.includes('\\')) return null;
      return `${local}@${domain}`;
    }
  }
  return null;
}

/** A hostmaster address the SOA can carry: a simple local part (letters, digits, `.`, `_`, `+`, `-`) and a hostname. */
export function isValidHostmaster(email: string): boolean {
  if (email.length > 254) return false;
  const m = /^([a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*)@([^@]+)$/.exec(email);
  if (!m || m[1].length > 63) return false;
  const domain = m[2];
  return domain.length <= MAX_NAME_LENGTH && domain.split('.').length >= 2 && domain.split('.').every((l) => hostLabel.test(l));
}

/** A name server for the SOA's MNAME: an absolute hostname (`ns1.example.net`), stored without the trailing dot. */
export function isValidHostname(name: string): boolean {
  if (name.length > MAX_NAME_LENGTH) return false;
  const labels = name.split('.');
  return labels.length >= 2 && labels.every((l) => hostLabel.test(l));
}
