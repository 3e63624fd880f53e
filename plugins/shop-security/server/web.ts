/**
 * The checks over HTTP (issue 25): every site the server's web servers serve, asked through its private web
 * server the way a visitor would — the sites and the requests are the web server family's (`listSites`,
 * `requestAt` in `@portal/plugin-sdk/webserver`: the rendered site files, the listen address reached through the
 * gateway, the site's name as Host and SNI). Per site:
 * - exposed files answering 200 **with matching content** (a shop's front controller answers 200 to anything):
 *   `/.git/HEAD`, `/.env`, `/phpinfo.php`, and backups (`*.sql`, `*.zip`, `*.bak`, …) next to the index —
 *   compared with the file on disk when it is small enough, else by its kind's magic;
 * - security headers of `/`: Strict-Transport-Security (HTTPS only), X-Content-Type-Options, X-Frame-Options or a
 *   CSP `frame-ancestors`, Referrer-Policy.
 * - admin paths answering with a login form (`admin.ts`), shop versions the site shows (`fingerprints.ts`), and
 *   the TLS settings of its HTTPS (`tls.ts`).
 * Each finding names the web server and the directive that fixes it in that server's syntax.
 */
import path from 'node:path';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { requestAt, siteUrl, type SiteAnswer, type SiteTarget } from '@portal/plugin-sdk/webserver';
import type { Finding, TlsSummary, WebServerKind } from '../shared/findings.ts';
import { adminFindings } from './admin.ts';
import { fingerprintFindings, fingerprintsOf } from './fingerprints.ts';
import type { TreeFile } from './scanner.ts';
import { checkTls, tlsFindings } from './tls.ts';

// Reading the sites and asking them is the web server family's (shared with shop-performance).
export { listSites, parseSiteFile, type SiteTarget } from '@portal/plugin-sdk/webserver';

export type HttpAnswer = Pick<SiteAnswer, 'status' | 'headers' | 'body'>;

/** One GET through the web server's address (as the gateway reaches it), with the site's name as Host (and SNI); the first 64 KB of the body. */
export const get = (gateway: ServerGateway, address: { host: string; port: number }, tls: boolean, host: string, urlPath: string): Promise<HttpAnswer | null> =>
  requestAt(gateway, address, tls, host, urlPath, { headers: { 'User-Agent': 'portal-shop-security/1.0' } });

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
export function headerFindings(site: Pick<SiteTarget, 'server' | 'host'>, url: string, a: HttpAnswer, tls: boolean): Finding[] {
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
 * backups next to each document root's index, Magento's env.php and PrestaShop's admin folder are taken.
 */
export async function checkSites(gateway: ServerGateway, sites: readonly SiteTarget[], files: readonly TreeFile[]): Promise<{ findings: Finding[]; tls: TlsSummary[] }> {
  const out: Finding[] = [];
  const handshakes: TlsSummary[] = [];
  for (const site of sites) {
    const tls = !!site.https;
    const address = (site.https ?? site.http)!;
    const base = siteUrl(site);
    const found = (rule: string, severity: Finding['severity'], urlPath: string, a: HttpAnswer) =>
      out.push({ kind: 'exposed_file', severity, rule, file: `${base}${urlPath}`, line: null, evidence: `HTTP ${a.status}: ${excerpt(a.body)}`, site: site.host, server: site.server, directive: directives[rule]![site.server] });

    const ask = (urlPath: string) => get(gateway, address, tls, site.host, urlPath);
    const home = await ask('/');
    if (!home) continue; // not answering: nothing to say about it over HTTP
    out.push(...headerFindings(site, `${base}/`, home, tls));
    if (tls) {
      const summary = await checkTls(gateway, site);
      if (summary) {
        handshakes.push(summary);
        out.push(...tlsFindings(site, base, summary, gateway.kind === 'local', new Date()));
      }
    }
    out.push(...(await adminFindings(gateway, site, base, ask, files)));
    out.push(...fingerprintFindings(site, base, fingerprintsOf({ home, readme: await ask('/readme.html'), magento: await ask('/magento_version') })));
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
  return { findings: out, tls: handshakes };
}
