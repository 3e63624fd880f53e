/**
 * The sites a server's web servers serve, read back from the family's rendered site files
 * (`/etc/nginx/portal/sites/*.conf`, `/etc/apache2/portal/sites/*.conf`: names, document root, HTTP and HTTPS
 * listen addresses), and requests to them through the private web server the way a visitor would: the listen
 * address reached through the gateway (`reach`: the loopback port itself on the `local` gateway, a forwarded port
 * over SSH), the site's name as `Host` (and SNI). Used by the reports that look at sites over HTTP
 * (shop-security, shop-performance); their program descriptors must allow reading {@link siteDirs}.
 */
import http from 'node:http';
import https from 'node:https';
import type { ServerGateway } from '../../gateway.ts';

/** The family's members that render site files. */
export type SiteServerKind = 'nginx' | 'apache';

export interface SiteTarget {
  server: SiteServerKind;
  /** The name the requests carry (`Host`); a wildcard's `*` becomes `www`. */
  host: string;
  /** All names of the site (server names and aliases, as rendered). */
  names: string[];
  /** Server path of the document root. */
  documentRoot: string;
  http: { host: string; port: number } | null;
  https: { host: string; port: number } | null;
}

export const siteDirs: Record<SiteServerKind, string> = { nginx: '/etc/nginx/portal/sites', apache: '/etc/apache2/portal/sites' };

const hostPort = (s: string) => {
  const m = /^\[?([\d.:a-f]+?)\]?:(\d{1,5})$/i.exec(s.trim());
  return m ? { host: m[1]!, port: Number(m[2]) } : null;
};

/** The site of a rendered site file (a file may hold HTTP and HTTPS of one site). `unhost` maps a rendered path back to a server path. */
export function parseSiteFile(server: SiteServerKind, content: string, unhost: (p: string) => string): SiteTarget | null {
  let names: string[];
  let root: string | null;
  let plain: SiteTarget['http'] = null;
  let tls: SiteTarget['https'] = null;
  if (server === 'nginx') {
    for (const m of content.matchAll(/^\s*listen\s+(\S+?)(\s+ssl)?;/gm)) {
      const a = hostPort(m[1]!);
      if (a && m[2]) tls ??= a;
      else if (a) plain ??= a;
    }
    names = /^\s*server_name\s+([^;]+);/m.exec(content)?.[1]!.trim().split(/\s+/) ?? [];
    root = /^\s*root\s+"?([^";]+)"?;/m.exec(content)?.[1] ?? null;
  } else {
    for (const m of content.matchAll(/<VirtualHost\s+([^>]+)>([\s\S]*?)<\/VirtualHost>/g)) {
      const a = hostPort(m[1]!);
      if (a && /^\s*SSLEngine\s+on/im.test(m[2]!)) tls ??= a;
      else if (a) plain ??= a;
    }
    names = [/^\s*ServerName\s+(\S+)/m.exec(content)?.[1], ...(/^\s*ServerAlias\s+(.+)$/m.exec(content)?.[1]?.trim().split(/\s+/) ?? [])].filter((x): x is string => !!x);
    root = /^\s*DocumentRoot\s+"?([^"\n]+?)"?\s*$/m.exec(content)?.[1] ?? null;
  }
  const name = names.find((n) => !n.includes('*')) ?? names[0]?.replace(/^\*\./, 'www.');
  if (!name || !root || (!plain && !tls)) return null;
  return { server, host: name, names, documentRoot: unhost(root), http: plain, https: tls };
}

/** The sites the server's web servers serve (from their rendered site files). */
export async function listSites(gateway: ServerGateway): Promise<SiteTarget[]> {
  const hostRoot = gateway.hostPath('/');
  const unhost = (p: string) => (hostRoot !== '/' && p.startsWith(hostRoot) ? `/${p.slice(hostRoot.length).replace(/^\/+/, '')}` : p);
  const out: SiteTarget[] = [];
  for (const server of ['nginx', 'apache'] as const) {
    for (const name of (await gateway.listFiles(siteDirs[server])).filter((n) => n.endsWith('.conf')).sort()) {
      const content = await gateway.readFile(`${siteDirs[server]}/${name}`);
      const site = content && parseSiteFile(server, content, unhost);
      if (site) out.push(site);
    }
  }
  return out;
}

/** The site's base URL as a visitor writes it (HTTPS where it has it). */
export const siteUrl = (site: Pick<SiteTarget, 'host' | 'https'>) => `${site.https ? 'https' : 'http'}://${site.host}`;

export interface SiteAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first `maxBody` bytes of the body, as sent (still compressed when the server compressed it). */
  body: Buffer;
  /** Bytes of the body on the wire (after any `Content-Encoding`), all of it. */
  wireBytes: number;
  /** Milliseconds from sending the request to the answer's head, and to its last byte. */
  ttfbMs: number;
  totalMs: number;
}

export interface SiteRequestOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** How much of the body is kept (the rest is read and counted). Default 64 KB. */
  maxBody?: number;
  timeoutMs?: number;
}

/** One request through the web server's address (as the gateway reaches it), with `host` as Host (and SNI); `null` when it does not answer. */
export async function requestAt(
  gateway: ServerGateway,
  address: { host: string; port: number },
  tls: boolean,
  host: string,
  urlPath: string,
  options: SiteRequestOptions = {},
): Promise<SiteAnswer | null> {
  const at = await gateway.reach(address);
  const lib = tls ? https : http;
  const maxBody = options.maxBody ?? 65_536;
  return new Promise((resolve) => {
    const started = performance.now();
    const req = lib.request(
      {
        method: options.method ?? 'GET',
        host: at.host,
        port: at.port,
        path: urlPath,
        headers: { 'User-Agent': 'portal-managed-center/1.0', ...options.headers, Host: host },
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
        ...(tls ? { servername: host, rejectUnauthorized: false } : {}),
      },
      (res) => {
        const ttfbMs = performance.now() - started;
        const chunks: Buffer[] = [];
        let kept = 0;
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (kept < maxBody) {
            chunks.push(c);
            kept += c.length;
          }
          size += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).subarray(0, maxBody), wireBytes: size, ttfbMs, totalMs: performance.now() - started }));
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** One request to a site (HTTPS where it has it, else HTTP). */
export const requestSite = (gateway: ServerGateway, site: SiteTarget, urlPath: string, options?: SiteRequestOptions) =>
  requestAt(gateway, (site.https ?? site.http)!, !!site.https, site.host, urlPath, options);
