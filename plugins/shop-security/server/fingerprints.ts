/**
 * Shop versions a site shows to anyone over HTTP (issue 25), for the sites without composer files to read:
 * WordPress's and WooCommerce's `<meta name="generator">` on `/`, WordPress's `/readme.html`, Magento's
 * `/magento_version` (`Magento/2.4 (Community)`: major and minor only). A version is compared with the plugin's
 * advisories (`signatures.ts`) under the product's composer names — only a full version (three parts or more) is
 * compared, a shorter one cannot say which patch is installed; otherwise the visible version is a low finding (an
 * attacker picks exploits by it). Shopware 6 shows its version only to logged-in API clients (`/api/_info/version`):
 * not asked.
 */
import type { SiteTarget } from '@portal/plugin-sdk/webserver';
import type { Finding, WebServerKind } from '../shared/findings.ts';
import { advisories } from './signatures.ts';
import { affectedRange, parseVersion } from './versions.ts';
import type { HttpAnswer } from './web.ts';

export interface Fingerprint {
  product: string;
  version: string;
  /** The URL path that showed it. */
  path: string;
  /** How: a generator meta tag of the page, or a file that tells the version. */
  source: 'generator' | 'file';
}

/** Composer names of a product (the advisories' `packages`). */
const packagesOf: Record<string, string[]> = {
  WordPress: ['roots/wordpress', 'johnpbloch/wordpress-core', 'johnpbloch/wordpress'],
  WooCommerce: ['wpackagist-plugin/woocommerce', 'woocommerce/woocommerce'],
  Magento: ['magento/product-community-edition', 'magento/magento2-base'],
  Shopware: ['shopware/core', 'shopware/platform', 'shopware/shopware'],
  PrestaShop: ['prestashop/prestashop'],
};

/** The `<meta name="generator" content="…">` versions of a page (WordPress 6.4.2, WooCommerce 8.2.1, …). */
export function generatorVersions(html: string): { product: string; version: string }[] {
  const out: { product: string; version: string }[] = [];
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\bname\s*=\s*["']generator["']/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*["']([^"']{1,200})["']/i.exec(tag)?.[1];
    const v = content && /^\s*([A-Za-z][\w .-]*?)\s+v?(\d+(?:\.\d+){0,3}(?:-[\w.]+)?)\b/.exec(content);
    if (v) out.push({ product: v[1]!.trim(), version: v[2]! });
  }
  return out;
}

/** The fingerprints of a site from the answers to `/`, `/readme.html` and `/magento_version` (`null`: no answer). */
export function fingerprintsOf(answers: { home: HttpAnswer | null; readme: HttpAnswer | null; magento: HttpAnswer | null }): Fingerprint[] {
  const out: Fingerprint[] = [];
  if (answers.home?.status === 200) for (const g of generatorVersions(answers.home.body.toString('utf8'))) out.push({ ...g, path: '/', source: 'generator' });
  const readme = answers.readme?.status === 200 ? answers.readme.body.toString('utf8') : '';
  const wp = /WordPress/.test(readme) && /<br\s*\/?>\s*Version\s+(\d+\.\d+(?:\.\d+)?)/i.exec(readme);
  if (wp) out.push({ product: 'WordPress', version: wp[1]!, path: '/readme.html', source: 'file' });
  const mage = answers.magento?.status === 200 ? /^Magento\/(\d+\.\d+(?:\.\d+)?(?:-p\d+)?)\s*\((\w+)\)/.exec(answers.magento.body.toString('utf8').trim()) : null;
  if (mage) out.push({ product: 'Magento', version: mage[1]!, path: '/magento_version', source: 'file' });
  // One per product and version (the generator and readme.html often say the same).
  return out.filter((f, i) => out.findIndex((g) => g.product === f.product && g.version === f.version) === i);
}

/** The directive that stops serving a file that tells the version, in the site's web server syntax. */
export const hideDirective = (server: WebServerKind, urlPath: string) =>
  server === 'nginx' ? `location = ${urlPath} { deny all; }` : `<Location "${urlPath}"> Require all denied </Location>`;

/** Findings of a site's fingerprints: advisories that affect a full version, else the visible version (low). */
export function fingerprintFindings(site: Pick<SiteTarget, 'server' | 'host'>, base: string, prints: readonly Fingerprint[]): Finding[] {
  const out: Finding[] = [];
  for (const p of prints) {
    const at = { kind: 'shop_version' as const, file: `${base}${p.path}`, line: null, site: site.host, server: site.server };
    const full = (parseVersion(p.version)?.parts.length ?? 0) >= 3;
    const names = packagesOf[p.product] ?? [];
    const hits = full
      ? advisories.flatMap((a) => {
          const fixedIn = a.packages.some((n) => names.includes(n)) ? affectedRange(p.version, a.ranges) : null;
          return fixedIn ? [{ a, fixedIn }] : [];
        })
      : [];
    for (const { a, fixedIn } of hits)
      out.push({ ...at, severity: a.severity, rule: a.id, evidence: `${p.product} ${p.version}: ${a.title}`.slice(0, 512), extension: { name: p.product, version: p.version, fixedIn } });
    out.push({
      ...at,
      severity: 'low',
      rule: p.source === 'generator' ? 'version_generator' : 'version_file',
      evidence: `${p.product} ${p.version}`,
      ...(p.source === 'file' ? { directive: hideDirective(site.server, p.path) } : {}),
    });
  }
  return out;
}
