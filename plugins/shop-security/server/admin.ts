/**
 * Admin paths reachable from anywhere (issue 25): a shop's or database tool's login at its well-known path, asked
 * through the private web server and counted only when the answer **is a login form** (a shop's front controller
 * or a catch-all page answers 200 to any path). One same-site redirect is followed (`/wp-admin/` → `wp-login.php`,
 * PrestaShop's folder → its `AdminLogin` controller). On disk: Magento's `app/etc/env.php` with the default
 * `backend.frontName` (`admin`), and PrestaShop's renamed `admin*` folder (found by its files, then asked over HTTP).
 * The fix names the path: rename it, or allow it only from the shop owner's addresses in the site's web server
 * syntax (nginx: a `^~` location with `allow`/`deny` that keeps the site's PHP handling; apache: `Require ip`).
 */
import path from 'node:path';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { SiteTarget } from '@portal/plugin-sdk/webserver';
import type { Finding, Severity, WebServerKind } from '../shared/findings.ts';
import type { TreeFile } from './scanner.ts';
import type { HttpAnswer } from './web.ts';

export interface AdminProbe {
  rule: string;
  path: string;
  severity: Severity;
  /** How the path is served: routed through the shop's front controller, or files of its own (PHP below the path). */
  served: 'routed' | 'files';
  /** Login form markers of the answer's body. */
  login: RegExp;
}

/** The well-known admin paths and their login forms. */
export const adminProbes: AdminProbe[] = [
  { rule: 'admin_magento', path: '/admin', severity: 'medium', served: 'routed', login: /id="login-form"[\s\S]*name="login\[username\]"|name="login\[username\]"[\s\S]*id="login-form"/ },
  { rule: 'admin_shopware6', path: '/admin', severity: 'medium', served: 'routed', login: /<sw-admin|bundles\/administration\/|Shopware Administration/i },
  { rule: 'admin_shopware5', path: '/backend', severity: 'medium', served: 'routed', login: /Shopware[^<]{0,40}Backend|Shopware\.apps?\.Login|\/backend\/Login/i },
  { rule: 'admin_wordpress', path: '/wp-login.php', severity: 'medium', served: 'files', login: /id="loginform"|name="log"[\s\S]*name="pwd"/ },
  { rule: 'admin_wordpress', path: '/wp-admin/', severity: 'medium', served: 'files', login: /id="loginform"|name="log"[\s\S]*name="pwd"/ },
  { rule: 'admin_phpmyadmin', path: '/phpmyadmin/', severity: 'high', served: 'files', login: /name="pma_username"|<title>phpMyAdmin/i },
  { rule: 'admin_adminer', path: '/adminer.php', severity: 'high', served: 'files', login: /name="auth\[username\]"|<title>[^<]*Adminer/i },
];

const prestashopLogin = /id="login_form"|name="passwd"[\s\S]*name="email"|name="email"[\s\S]*name="passwd"|AdminLogin/;

/** The directive that allows an admin path only from the shop owner's addresses, in the site's web server syntax. */
export function adminDirective(server: WebServerKind, urlPath: string, served: AdminProbe['served']): string {
  if (server === 'apache') return `<Location "${urlPath}"> Require ip <your IP> </Location>`;
  return served === 'routed'
    ? `location ^~ ${urlPath} { allow <your IP>; deny all; try_files $uri $uri/ /index.php?$query_string; }`
    : `location ^~ ${urlPath} { allow <your IP>; deny all; <the site's location ~ \\.php$ { … } block> }`;
}

const excerpt = (b: Buffer) => b.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 160);

/** An answer, following one redirect to the same site (relative, or to the site's own names). */
export async function getFollowing(get: (urlPath: string) => Promise<HttpAnswer | null>, site: Pick<SiteTarget, 'names' | 'host'>, urlPath: string): Promise<HttpAnswer | null> {
  const a = await get(urlPath);
  const location = a && a.status >= 300 && a.status < 400 ? String(a.headers.location ?? '') : '';
  if (!location) return a;
  try {
    const u = new URL(location, `http://${site.host}${urlPath}`);
    if (u.hostname !== site.host && !site.names.includes(u.hostname)) return a;
    return (await get(`${u.pathname}${u.search}`)) ?? a;
  } catch {
    return a;
  }
}

/** Magento's admin front name in an `app/etc/env.php` (`'backend' => ['frontName' => 'admin']`), or `null`. */
export function magentoFrontName(envPhp: string): string | null {
  return /['"]backend['"]\s*=>\s*(?:array\s*\(|\[)\s*['"]frontName['"]\s*=>\s*['"]([^'"]+)['"]/.exec(envPhp)?.[1] ?? null;
}

/** The shop root of a document root (Magento and Shopware serve `pub/` or `public/` below it). */
const shopRoots = (documentRoot: string) => [documentRoot, ...(/\/(?:pub|public)$/.test(documentRoot) ? [path.posix.dirname(documentRoot)] : [])];

/**
 * The admin findings of one site. `get` asks the site (its web server, Host, TLS), `base` is its URL, `files` the
 * scan's file list (for env.php and PrestaShop's folder).
 */
export async function adminFindings(
  gateway: ServerGateway,
  site: Pick<SiteTarget, 'server' | 'host' | 'names' | 'documentRoot'>,
  base: string,
  get: (urlPath: string) => Promise<HttpAnswer | null>,
  files: readonly TreeFile[],
): Promise<Finding[]> {
  const out: Finding[] = [];
  const add = (rule: string, severity: Severity, urlPath: string, served: AdminProbe['served'], evidence: string, file = `${base}${urlPath}`) =>
    out.push({ kind: 'admin_exposed', severity, rule, file, line: null, evidence: evidence.slice(0, 512), site: site.host, server: site.server, directive: adminDirective(site.server, urlPath, served) });

  const asked = new Map<string, HttpAnswer | null>();
  const ask = async (urlPath: string) => {
    if (!asked.has(urlPath)) asked.set(urlPath, await getFollowing(get, site, urlPath));
    return asked.get(urlPath)!;
  };
  for (const p of adminProbes) {
    if (out.some((f) => f.rule === p.rule)) continue; // one finding per admin (WordPress: wp-login.php or /wp-admin/)
    const a = await ask(p.path);
    if (a?.status === 200 && p.login.test(a.body.toString('utf8'))) add(p.rule, p.severity, p.path, p.served, `HTTP ${a.status}: ${excerpt(a.body)}`);
  }

  // Magento: the default front name in env.php, when /admin was not already found answering.
  for (const root of shopRoots(site.documentRoot)) {
    const env = files.find((f) => f.path === `${root}/app/etc/env.php`);
    if (!env) continue;
    const content = await gateway.readFile(env.path);
    const front = content && magentoFrontName(content);
    if (front === 'admin' && !out.some((f) => f.rule === 'admin_magento')) add('admin_magento_default', 'medium', '/admin', 'routed', `'backend' => ['frontName' => 'admin']`, env.path);
  }

  // PrestaShop: its admin folder is renamed on install (admin + random), found by its files, then asked over HTTP;
  // a renamed folder is hidden but still reachable from anywhere (low), the plain `admin` is guessed at once (medium).
  const folders = new Set<string>();
  for (const f of files) {
    const rel = f.path.startsWith(`${site.documentRoot}/`) ? f.path.slice(site.documentRoot.length + 1) : null;
    const m = rel && /^(admin[\w-]*)\/(?:ajax-tab\.php|init\.php|get-file-admin\.php)$/.exec(rel);
    if (m) folders.add(m[1]!);
  }
  for (const folder of [...folders].sort()) {
    const urlPath = `/${folder}/`;
    const a = await ask(urlPath);
    if (a?.status === 200 && prestashopLogin.test(a.body.toString('utf8'))) add('admin_prestashop', folder === 'admin' ? 'medium' : 'low', urlPath, 'files', `HTTP ${a.status}: ${excerpt(a.body)}`);
  }
  return out;
}
