/**
 * What a site (domain, vhost) of any web server of the family may be made of — shared by the family's
 * rules and its forms, so a form checks exactly what the server checks. A dialect (nginx, apache) adds
 * its directive whitelist ({@link DirectiveSpec}). No Node or browser APIs here.
 */

/** Document roots live below this directory on the server; users type the part after it. */
export const webRoot = '/var/www';

/** PHP-FPM versions a server can run (Debian packages `php<v>-fpm`, socket `/run/php/php<v>-fpm.sock`). */
export const phpVersions = ['7.4', '8.1', '8.2', '8.3', '8.4'] as const;
export type PhpVersion = (typeof phpVersions)[number];

export const backends = ['static', 'php', 'upstream'] as const;
export type Backend = (typeof backends)[number];

export const redirectCodes = [301, 302, 307, 308] as const;
export type RedirectCode = (typeof redirectCodes)[number];

/**
 * The TLS certificates a domain can refer to (the demo's certificate inventory), each owned by one
 * customer (its number): a server may only use the certificates of its own cluster's customer — a
 * certificate carries that customer's private key. The files live at `/etc/ssl/portal/<id>.pem` and
 * `.key` on the server; the `local` gateway can create a self-signed pair for them with `openssl`.
 */
export const certificates = [
  { id: 'mueller-schmidt-shop-2026', customer: 10001, commonName: 'www.mueller-schmidt-shop.example', altNames: ['mueller-schmidt-shop.example'], issuer: "Let's Encrypt R11", validUntil: '2027-02-14' },
  { id: 'wildcard-mueller-schmidt-2026', customer: 10001, commonName: '*.mueller-schmidt.example', altNames: ['mueller-schmidt.example'], issuer: 'Sectigo RSA Domain Validation', validUntil: '2027-06-30' },
  { id: 'nordlicht-medien-2026', customer: 10002, commonName: 'www.nordlicht-medien.example', altNames: ['nordlicht-medien.example'], issuer: "Let's Encrypt R10", validUntil: '2027-01-09' },
  { id: 'baeckerei-sonnenschein-2026', customer: 10003, commonName: 'www.baeckerei-sonnenschein.example', altNames: ['baeckerei-sonnenschein.example'], issuer: "Let's Encrypt R11", validUntil: '2027-03-21' },
] as const;
export type Certificate = (typeof certificates)[number];
export type CertificateId = Certificate['id'];
export const certificateIds = certificates.map((c) => c.id) as CertificateId[];

/** The certificates of one customer (by customer number): the only ones its servers may offer, render or create. */
export const certificatesOf = (customerNumber: number): Certificate[] => certificates.filter((c) => c.customer === customerNumber);

/** A host name (`server_name`, `ServerName`/`ServerAlias`): lowercase labels, optionally one leading wildcard label (`*.example.com`). */
export const serverNamePattern = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
export const maxServerNames = 20;

/** A path below the web root: plain segments, no `.` or `..`. */
export const documentRootPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const dotSegment = /(^|\/)\.\.?(\/|$)/;

/** `host:port` of an upstream: a host name, an IPv4 address or a bracketed IPv6 address. */
export const upstreamPattern = /^(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?):[0-9]{1,5}$/;

/** A URL path of a location (redirect source, protected path): letters, digits and `/ . _ ~ - @ ! * + , = :`. */
export const locationPathPattern = /^\/[\p{L}\p{N}._~@!*+,=:/-]*$/u;

/** A redirect target: a path (with query) on the same host — not `//host`, which browsers read as another host — or an http(s) URL. Never quotes, `$`, `;`, braces, backslashes or spaces. */
export const redirectTargetPattern = /^(\/(?!\/)|https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/|$))[^\s"'\\$;{}<>`]*$/;

export const realmPattern = /^[\p{L}\p{N} ._,:()/-]{1,64}$/u;
export const userNamePattern = /^[A-Za-z0-9._@-]{1,64}$/;
export const passwordLength = { min: 8, max: 128 } as const;

/** One additional directive of the whitelist: its value grammar, and an example for the form. */
export interface DirectiveSpec {
  /** The whole value must match. */
  pattern: RegExp;
  /** May appear more than once in a server block. */
  repeatable?: boolean;
  example: string;
}

/** Characters that never reach a rendered file, whatever the field: they could end or open a directive or block, or start a variable. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const unsafeCharacters = /[\u0000-\u001f\u007f"\\$;{}`]/;

/**
 * A dialect's whitelist of additional directives: their grammar, the value check (a dialect may check more
 * than the pattern, e.g. the quoted part of a header) and how many a site may have.
 */
export interface DirectiveWhitelist<Name extends string = string> {
  specs: Readonly<Record<Name, DirectiveSpec>>;
  names: readonly Name[];
  valid(name: string, value: string): boolean;
  max: number;
}

/**
 * A dialect's whitelist from its directive grammar: every value must match its pattern, and the header
 * directive (`add_header`, `Header`: a name and a value rendered in double quotes) must carry a value without
 * any of the dialect's forbidden characters. A site may have at most 30 additional directives.
 */
export function directiveWhitelist<Name extends string>(
  specs: Readonly<Record<Name, DirectiveSpec>>,
  header: { name: NoInfer<Name>; forbidden: RegExp },
): DirectiveWhitelist<Name> {
  return {
    specs,
    names: Object.keys(specs) as Name[],
    max: 30,
    valid(name, value) {
      const spec = (specs as Record<string, DirectiveSpec>)[name];
      if (!spec || !spec.pattern.test(value)) return false;
      if (name !== header.name) return true;
      const headerValue = value.slice(value.indexOf(' ') + 1);
      return headerValue.trim().length > 0 && !header.forbidden.test(headerValue);
    },
  };
}

/** Whether a document root (relative to the web root) is allowed. */
export const documentRootValid = (root: string): boolean => root.length <= 200 && documentRootPattern.test(root) && !dotSegment.test(root);

/** Whether `host:port` names a plausible upstream (port 1–65535, host labels of at most 63 characters). */
export function upstreamValid(upstream: string): boolean {
  if (!upstreamPattern.test(upstream)) return false;
  const colon = upstream.lastIndexOf(':');
  const port = Number(upstream.slice(colon + 1));
  if (!Number.isInteger(port) || port < 1 || port > 65535) return false;
  const host = upstream.slice(0, colon);
  if (host.startsWith('[')) return /^\[[0-9A-Fa-f:.]+\]$/.test(host) && host.includes(':');
  return host.split('.').every((label) => label.length >= 1 && label.length <= 63 && !label.startsWith('-') && !label.endsWith('-'));
}

/** Whether a location path (redirect source, protected path) is allowed: no `.`/`..` segments, no `//`. */
export const locationPathValid = (p: string): boolean => p.length <= 512 && locationPathPattern.test(p) && !dotSegment.test(p) && !p.includes('//');

export const redirectTargetValid = (t: string): boolean => t.length <= 2048 && redirectTargetPattern.test(t);

/** Lowercases and trims a typed server name (the form and the server do the same). */
export const normalizeServerName = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/** Whether a server name matches a host (exactly, or through a leading wildcard). */
export function serverNameMatches(serverName: string, host: string): boolean {
  if (serverName === host) return true;
  if (serverName.startsWith('*.')) {
    const suffix = serverName.slice(1); // ".example.com"
    return host.endsWith(suffix) && host.length > suffix.length;
  }
  return false;
}

/**
 * A proxy location (the family's reverse-proxy capability): a path prefix of a site forwarded to one or more
 * `host:port` upstreams (balanced), with websocket upgrades and a read/send timeout. Another section publishes
 * one under a key of its own (`nodejs-<app>`): the key identifies it on the server, so publishing again moves
 * or updates it. The path ends with `/` (the prefix is stripped: `/app/x` reaches the upstream as `/x`).
 */
export const proxyKeyPattern = /^[a-z][a-z0-9-]{0,62}$/;
export const maxProxyUpstreams = 8;
export const proxyTimeout = { min: 1, max: 3600, default: 60 } as const;

/** Whether a proxy location's path is allowed: a valid location path ending with `/`. */
export const proxyPathValid = (p: string): boolean => locationPathValid(p) && p.endsWith('/');
