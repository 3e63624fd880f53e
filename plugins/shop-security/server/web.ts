/**
 * The checks over HTTP (issue 25): every site the server's web servers serve, asked through its private web
 * server the way a visitor would — the sites are read from the web server family's rendered site files
 * (`/etc/nginx/portal/sites/*.conf`, `/etc/apache2/portal/sites/*.conf`: names, document root, HTTP and HTTPS
 * listen addresses), and each address is reached through the gateway (`reach`: the loopback port itself on the
 * `local` gateway, a forwarded port over SSH). Per site:
 * - exposed files answering 200 **with matching content** (a shop's front controller answers 200 to anything):
 *   `/.git/HEAD`, `/.env`, `/phpinfo.php`, and backups (`*.sql`, `*.zip`, `*.bak`, …) next to the index —
 *   compared with the file on disk when it is small enough, else by its kind's magic;
 * - security headers of `/`: Strict-Transport-Security (HTTPS only), X-Content-Type-Options, X-Frame-Options or a
 *   CSP `frame-ancestors`, Referrer-Policy.
 * Each finding names the web server and the directive that fixes it in that server's syntax.
 */
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { Finding, WebServerKind } from '../shared/findings.ts';
import type { TreeFile } from './scanner.ts';

export interface SiteTarget {
  server: WebServerKind;
  /** The name the requests carry (`Host`); a wildcard's `*` becomes `www`. */
  host: string;
  /** Server path of the document root. */
  documentRoot: string;
  http: { host: string; port: number } | null;
  https: { host: string; port: number } | null;
}

const siteDirs: Record<WebServerKind, string> = { nginx: '/etc/nginx/portal/sites', apache: '/etc/apache2/portal/sites' };
const hostPort = (s: string) => {
  const m = /^\[?([\d.:a-f]+?)\]?:(\d{1,5})$/i.exec(s.trim());
  return m ? { host: m[1]!, port: Number(m[2]) } : null;
};

/** The sites of a rendered site file (a file may hold HTTP and HTTPS of one site). `unhost` maps a rendered path back to a server path. */
export function parseSiteFile(server: WebServerKind, content: string, unhost: (p: string) => string): SiteTarget | null {
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
  return { server, host: name, documentRoot: unhost(root), http: plain, https: tls };
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

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first 64 KB of the body. */
  body: Buffer;
}

/** One GET through the web server's address (as the gateway reaches it), with the site's name as Host (and SNI). */
export async function get(gateway: ServerGateway, address: { host: string; port: number }, tls: boolean, host: string, urlPath: string): Promise<HttpAnswer | null> {
  const at = await gateway.reach(address);
  const lib = tls ? https : http;
  return new Promise((resolve) => {
    const req = lib.get(
      { host: at.host, port: at.port, path: urlPath, headers: { Host: host, 'User-Agent': 'portal-shop-security/1.0' }, agent: false, timeout: 10_000, ...(tls ? { servername: host, rejectUnauthorized: false } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 65_536) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).subarray(0, 65_536) }));
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/** Backups and dumps a site should never serve (next to the index). */
export const backupFile = /\.(?:sql|sql\.gz|sql\.zip|zip|tar|tar\.gz|tgz|gz|bak|old|orig|save|swp)$|~$/i;
const magic: [RegExp, (b: Buffer) => boolean][] = [
  [/\.(?:zip)$/i, (b) => b.subarray(0, 2).toString('latin1') === 'PK'],
  [/\.(?:gz|tgz)$/i, (b) => b[0] === 0x1f && b[1] === 0x8b],
  [/\.sql$/i, (b) => /CREATE TABLE|INSERT INTO|-- (?:MySQL|MariaDB) dump|-- PostgreSQL database dump/i.test(b.toString('utf8'))],
];

const isHtml = (a: HttpAnswer) => /text\/html/i.test(String(a.headers['content-type'] ?? '')) || /^\s*<(?:!doctype|html)/i.test(a.body.subarray(0, 256).toString('utf8'));
const excerpt = (b: Buffer) => b.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 120);

/** What each exposed file's content must look like to count (a 200 alone is often the shop's front controller). */
const probes: { path: string; rule: string; severity: Finding['severity']; matches: (a: HttpAnswer) => boolean }[] = [
  { path: '/.git/HEAD', rule: 'git_exposed', severity: 'high', matches: (a) => /^(?:ref: refs\/|[0-9a-f]{40}\s*$)/.test(a.body.toString('utf8')) },
  { path: '/.env', rule: 'env_exposed', severity: 'critical', matches: (a) => !isHtml(a) && /^\s*[A-Z][A-Z0-9_]*\s*=/m.test(a.body.toString('utf8')) },
  { path: '/phpinfo.php', rule: 'phpinfo_exposed', severity: 'medium', matches: (a) => /phpinfo\s*\(|PHP Version \d|<title>PHP \d/.test(a.body.toString('utf8')) },
];

/** The directive that fixes a finding, in the site's web server's syntax. */
export const directives: Record<string, Record<WebServerKind, string>> = {
  git_exposed: { nginx: 'location ~ /\\.(?!well-known/) { deny all; }', apache: '<LocationMatch "/\\.(?!well-known/)"> Require all denied </LocationMatch>' },
  env_exposed: { nginx: 'location ~ /\\.(?!well-known/) { deny all; }', apache: '<LocationMatch "/\\.(?!well-known/)"> Require all denied </LocationMatch>' },
  phpinfo_exposed: { nginx: 'location = /phpinfo.php { deny all; }', apache: '<Files "phpinfo.php"> Require all denied </Files>' },
  backup_exposed: {
    nginx: 'location ~* \\.(?:sql|zip|tar|tgz|gz|bak|old|orig|swp)$ { deny all; }',
    apache: '<FilesMatch "\\.(sql|zip|tar|tgz|gz|bak|old|orig|swp)$"> Require all denied </FilesMatch>',
  },
  header_hsts: { nginx: 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;', apache: 'Header always set Strict-Transport-Security "max-age=31536000; includeSubDomains"' },
  header_content_type_options: { nginx: 'add_header X-Content-Type-Options "nosniff" always;', apache: 'Header always set X-Content-Type-Options "nosniff"' },
  header_frame_options: { nginx: 'add_header X-Frame-Options "SAMEORIGIN" always;', apache: 'Header always set X-Frame-Options "SAMEORIGIN"' },
  header_referrer_policy: { nginx: 'add_header Referrer-Policy "strict-origin-when-cross-origin" always;', apache: 'Header always set Referrer-Policy "strict-origin-when-cross-origin"' },
};

/** The header checks of a site's answer to `/`. */
export function headerFindings(site: SiteTarget, url: string, a: HttpAnswer, tls: boolean): Finding[] {
  const h = (name: string) => {
    const v = a.headers[name];
    return (Array.isArray(v) ? v.join(', ') : (v ?? '')).trim();
  };
  const missing: { rule: string; severity: Finding['severity']; evidence: string }[] = [];
  if (tls && !/max-age=\s*[1-9]/i.test(h('strict-transport-security'))) missing.push({ rule: 'header_hsts', severity: 'medium', evidence: 'Strict-Transport-Security' });
  if (!/nosniff/i.test(h('x-content-type-options'))) missing.push({ rule: 'header_content_type_options', severity: 'low', evidence: 'X-Content-Type-Options' });
  if (!h('x-frame-options') && !/frame-ancestors/i.test(h('content-security-policy'))) missing.push({ rule: 'header_frame_options', severity: 'low', evidence: 'X-Frame-Options / Content-Security-Policy frame-ancestors' });
  if (!h('referrer-policy')) missing.push({ rule: 'header_referrer_policy', severity: 'low', evidence: 'Referrer-Policy' });
  return missing.map((m) => ({ kind: 'missing_header', severity: m.severity, rule: m.rule, file: url, line: null, evidence: m.evidence, site: site.host, server: site.server, directive: directives[m.rule]![site.server] }));
}

/**
 * Checks every site over HTTP (and HTTPS where it has it). `files` is the scan's file list (sizes), from which the
 * backups next to each document root's index are taken.
 */
export async function checkSites(gateway: ServerGateway, sites: readonly SiteTarget[], files: readonly TreeFile[]): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const site of sites) {
    const tls = !!site.https;
    const address = (site.https ?? site.http)!;
    const base = `${tls ? 'https' : 'http'}://${site.host}`;
    const found = (rule: string, severity: Finding['severity'], urlPath: string, a: HttpAnswer) =>
      out.push({ kind: 'exposed_file', severity, rule, file: `${base}${urlPath}`, line: null, evidence: `HTTP ${a.status}: ${excerpt(a.body)}`, site: site.host, server: site.server, directive: directives[rule]![site.server] });

    const home = await get(gateway, address, tls, site.host, '/');
    if (!home) continue; // not answering: nothing to say about it over HTTP
    out.push(...headerFindings(site, `${base}/`, home, tls));
    for (const p of probes) {
      const a = await get(gateway, address, tls, site.host, p.path);
      if (a?.status === 200 && p.matches(a)) found(p.rule, p.severity, p.path, a);
    }
    for (const f of files) {
      if (path.posix.dirname(f.path) !== site.documentRoot || !backupFile.test(f.path)) continue;
      const name = path.posix.basename(f.path);
      const urlPath = `/${encodeURIComponent(name)}`;
      const a = await get(gateway, address, tls, site.host, urlPath);
      if (a?.status !== 200) continue;
      // Small files: the answer is the file itself (its first bytes); large ones: the kind's magic, or anything but the shop's HTML.
      const disk = f.size <= 65_536 ? await gateway.readFile(f.path) : null;
      const same = disk !== null ? a.body.toString('utf8') === disk.slice(0, a.body.toString('utf8').length) && a.body.length > 0 : (magic.find(([re]) => re.test(name))?.[1] ?? ((b: Buffer) => b.length > 0 && !isHtml(a)))(a.body);
      if (same) found('backup_exposed', /\.sql/i.test(name) ? 'critical' : 'high', urlPath, a);
    }
  }
  return out;
}
