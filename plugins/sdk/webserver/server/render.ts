/**
 * What every renderer of the family needs, whatever its syntax: the error for a value that would change a
 * file's structure, the render environment (where paths are, where it listens, which certificates are there),
 * quoting, the site's file name, the PHP-FPM socket, and the basic-authentication password files (named after
 * their content, so hashes never enter a versioned file or a diff and an older version's file still serves a
 * rollback). A member's renderer (nginx `server` blocks, apache `<VirtualHost>`s) builds on these.
 */
import { createHash } from 'node:crypto';
import type { ConfigFile } from '../../server.ts';
import type { AuthenticationState, VhostState, WebServerState } from '../shared/state.ts';

/** A value that would change the structure of the configuration; never written. */
export class UnsafeValueError extends Error {
  constructor(what: string, value: string) {
    super(`unsafe ${what}: ${JSON.stringify(value)}`);
    this.name = 'UnsafeValueError';
  }
}

export interface ListenAddress {
  host: string;
  port: number;
}

/** Where the configuration goes and what the server has. */
export interface RenderEnv {
  /** A server path as the program on the server sees it (`gateway.hostPath`). */
  hostPath(path: string): string;
  /** HTTP (`listenAddress('<program>', 80)`). */
  listen: ListenAddress;
  /** HTTPS (`listenAddress('<program>-https', 443)`). */
  tlsListen: ListenAddress;
  /** Certificates whose files are on the server (or are created before the apply writes the files). */
  certificates: ReadonlySet<string>;
}

// Printable characters that cannot end a double-quoted string or start a variable (nginx `$x`, apache `${X}`, `%{X}`).
// eslint-disable-next-line no-control-regex -- control characters are refused
const unsafeInQuotes = /[\u0000-\u001f\u007f"\\$`{}]/;

/** A double-quoted string (nginx and apache read the same): throws rather than quote an unsafe value. */
export function quote(value: string, what = 'value'): string {
  if (unsafeInQuotes.test(value)) throw new UnsafeValueError(what, value);
  return `"${value}"`;
}

/** A listen address as `host:port` (`[v6]:port`), checked. */
export function hostPort(address: ListenAddress): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  if (!/^[A-Za-z0-9.:[\]*]+$/.test(host) || !Number.isInteger(address.port)) throw new UnsafeValueError('listen address', `${host}:${address.port}`);
  return `${host}:${address.port}`;
}

/** `shop.example.com` → `shop.example.com`, `*.example.com` → `_.example.com` (`_` is never part of a host name here): the site's file name. */
export const siteName = (vhost: Pick<VhostState, 'serverNames'>): string => vhost.serverNames[0].replace(/^\*\./, '_.');

/** The PHP-FPM socket of a version (Debian's `php<v>-fpm`). */
export const phpSocket = (version: string): string => {
  if (!/^[0-9]\.[0-9]$/.test(version)) throw new UnsafeValueError('PHP version', version);
  return `/run/php/php${version}-fpm.sock`;
};

/** The password file of an authentication: `name:hash` lines. */
export function renderHtpasswd(auth: Pick<AuthenticationState, 'users'>): string {
  return auth.users
    .map((u) => {
      if (!/^[A-Za-z0-9._@-]{1,64}$/.test(u.name)) throw new UnsafeValueError('user name', u.name);
      if (!/^\$6\$[A-Za-z0-9./$=]+$/.test(u.hash)) throw new UnsafeValueError('password hash', '(hidden)');
      return `${u.name}:${u.hash}\n`;
    })
    .join('');
}

/**
 * Where an authentication's password file lives in `dir`: named after its content, so the file of an earlier
 * version stays valid for a rollback and the hashes never enter the versioned files (or their diffs).
 */
export function htpasswdPath(dir: string, auth: Pick<AuthenticationState, 'id' | 'users'>): string {
  const digest = createHash('sha256').update(renderHtpasswd(auth)).digest('hex').slice(0, 16);
  return `${dir}/${auth.id}-${digest}`;
}

/**
 * The password files the configuration refers to. Mode 0644: the web server's workers run as another user
 * and the gateway cannot set a group (0640 root:www-data would be right on a real server).
 */
export function htpasswdFiles(dir: string, state: WebServerState): ConfigFile[] {
  return state.vhosts.flatMap((v) => v.authentications.map((a) => ({ path: htpasswdPath(dir, a), content: renderHtpasswd(a), mode: 0o644 })));
}

/** Indents lines by `depth` levels of four spaces (empty lines stay empty). */
export const indent = (lines: string[], depth: number): string[] => lines.map((l) => (l ? '    '.repeat(depth) + l : l));
