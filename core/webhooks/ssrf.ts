import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * The SSRF guard of outgoing webhooks (issue 30). A target must be https and every address its name
 * resolves to must be public; the request then connects to exactly the address that was checked (no
 * second resolution a DNS rebinding could answer differently) and never follows a redirect. Hosts in
 * `WEBHOOK_ALLOWED_HOSTS` (`name` or `name:port`) are exempt from the address check and may use http.
 */
const refused = new net.BlockList();
for (const [range, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(range, bits, 'ipv4');
for (const [range, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(range, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  }
  return undefined;
}

/** Whether an IP address is a public unicast address (loopback, private, link-local, CGNAT, multicast, ULA… are not). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !refused.check(address, 'ipv6');
}

export interface TargetPolicy {
  /** `WEBHOOK_ALLOWED_HOSTS`: host names or addresses, optionally with `:port`, lower case. */
  allowedHosts: readonly string[];
}

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const portOf = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');

export function isAllowedHost(url: URL, policy: TargetPolicy): boolean {
  const host = hostOf(url);
  return policy.allowedHosts.some((h) => h === host || h === `${host}:${portOf(url)}` || h === `[${host}]:${portOf(url)}`);
}

/** Why a URL cannot be a webhook target by its form alone (before any DNS), as a message key; null when it can. */
export function urlFormError(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'errors.webhook_url_invalid';
  }
  if (url.username || url.password) return 'errors.webhook_url_invalid';
  const allowed = isAllowedHost(url, policy);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return 'errors.webhook_url_not_https';
  if (!allowed && net.isIP(hostOf(url)) && !isPublicAddress(hostOf(url))) return 'errors.webhook_url_not_public';
  return null;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

export type RefusalKey = 'webhook.error.not_public' | 'webhook.error.not_https' | 'webhook.error.unresolved';

export class TargetRefused extends Error {
  readonly key: RefusalKey;
  constructor(key: RefusalKey) {
    super(key);
    this.key = key;
  }
}

/**
 * Resolves a target and checks every address: all must be public unless the host is allowed by
 * configuration. Returns the address to connect to.
 */
export async function resolveTarget(url: URL, policy: TargetPolicy, resolve: Resolver = systemResolver): Promise<{ address: string; family: 4 | 6 }> {
  const allowed = isAllowedHost(url, policy);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) throw new TargetRefused('webhook.error.not_https');
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new TargetRefused('webhook.error.unresolved');
    }
  }
  if (!addresses.length) throw new TargetRefused('webhook.error.unresolved');
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) throw new TargetRefused('webhook.error.not_public');
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface SendResult {
  status: number | null;
  /** The first characters of the answer. */
  body: string;
  error: string | null;
  durationMs: number;
}

export const RESPONSE_PREVIEW_CHARS = 500;
export const SEND_TIMEOUT_MS = 10_000;

/**
 * POSTs a body to a webhook target through the guard: resolves and checks the address, connects to that
 * address (TLS still verifies the certificate for the name), follows no redirect (3xx is a failure), reads
 * at most a few KiB of the answer. Never throws.
 */
export async function guardedPost(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  options: { resolve?: Resolver; timeoutMs?: number } = {},
): Promise<SendResult> {
  const started = Date.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Date.now() - started });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return done({ status: null, body: '', error: 'webhook.error.not_https' });
  }
  let target: { address: string; family: 4 | 6 };
  try {
    target = await resolveTarget(url, policy, options.resolve);
  } catch (e) {
    return done({ status: null, body: '', error: e instanceof TargetRefused ? e.key : 'webhook.error.connection' });
  }
  // Connect to the checked address only: the socket's lookup answers with it, whatever DNS says now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolvePromise) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolvePromise(done(r));
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'portal-webhooks/1', ...headers },
        timeout: options.timeoutMs ?? SEND_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 4096) chunks.push(c);
          size += c.length;
          if (size >= 4096) res.destroy();
        });
        const end = () => {
          const status = res.statusCode ?? null;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_PREVIEW_CHARS);
          const redirect = status !== null && status >= 300 && status < 400;
          finish({ status, body: text, error: redirect ? 'webhook.error.redirect' : null });
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    req.on('timeout', () => {
      req.destroy();
      finish({ status: null, body: '', error: 'webhook.error.timeout' });
    });
    req.on('error', () => finish({ status: null, body: '', error: 'webhook.error.connection' }));
    req.end(body);
  });
}
