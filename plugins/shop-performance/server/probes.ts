/**
 * Probes of key pages through the server's private web server (issue 25): per site of the web server family
 * (read from its rendered site files, reached through the gateway with the site's name as Host/SNI), `/` and the
 * most requested paths of the access-log analysis, each asked 3 times with `Accept-Encoding: gzip, br`; the median
 * time to the answer's head (TTFB) and to its last byte, status, size on the wire and uncompressed, the
 * `Content-Encoding` and the cache headers. The `<img src>` of the probed HTML pages on the same site are fetched
 * once (size, type). Findings: text not compressed, no cache headers, large images, slow answers, a page that does
 * not answer — with the directive that fixes it in the site's web server's syntax where there is one.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { requestSite, siteUrl, type SiteAnswer, type SiteTarget } from '@portal/plugin-sdk/webserver';
import type { ImageProbe, PageProbe, PerfFinding, UrlTiming } from '../shared/result.ts';

/** Extra key pages per site besides `/` (the most requested paths in the access logs). */
export const keyPagesPerSite = 5;
export const maxSites = 20;
export const runsPerPage = 3;
export const imagesPerSite = 20;
/** Text answers above this many bytes should be compressed. */
export const compressAbove = 1024;
export const largeImageBytes = 300 * 1024;
export const slowTtfbMs = 800;
/** How much of a page is kept to decompress it and read its images. */
const maxBody = 4 * 1024 * 1024;

/** The probes' User-Agent (their lines in the access logs are left out of the next report's figures). */
export const userAgent = 'portal-shop-performance/1.0';

const header = (a: SiteAnswer, name: string) => {
  const v = a.headers[name];
  const s = (Array.isArray(v) ? v.join(', ') : (v ?? '')).trim();
  return s === '' ? null : s.slice(0, 255);
};
const tenth = (ms: number) => Math.round(ms * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const compressible = (type: string | null) => !!type && /^text\/|javascript|json|xml|svg|font\/(?:ttf|otf)|x-font/i.test(type);
const isHtml = (type: string | null) => !!type && /text\/html|application\/xhtml/i.test(type);

/** The directives that fix a finding, in the site's web server's syntax (`null`: no directive fixes it). */
export const directives: Record<PerfFinding['kind'], Record<SiteTarget['server'], string> | null> = {
  not_compressed: {
    nginx: 'gzip on;\ngzip_types text/plain text/css application/javascript application/json application/xml image/svg+xml;',
    apache: 'AddOutputFilterByType DEFLATE text/html text/plain text/css application/javascript application/json application/xml image/svg+xml',
  },
  no_cache_headers: { nginx: 'expires 7d;', apache: 'ExpiresActive On\nExpiresDefault "access plus 7 days"' },
  large_image: null,
  slow_ttfb: null,
  unreachable: null,
};
/** HTML without cache headers: say explicitly that it is revalidated. */
const htmlCacheDirective: Record<SiteTarget['server'], string> = { nginx: 'add_header Cache-Control "no-cache";', apache: 'Header set Cache-Control "no-cache"' };

async function decoded(a: SiteAnswer): Promise<Buffer | null> {
  if (a.wireBytes > a.body.length) return null; // cut off: the whole body is not here
  const encoding = (header(a, 'content-encoding') ?? 'identity').toLowerCase();
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return await promisify(zlib.gunzip)(a.body);
    if (encoding === 'br') return await promisify(zlib.brotliDecompress)(a.body);
    if (encoding === 'deflate') return await promisify(zlib.inflate)(a.body);
    return encoding === 'identity' ? a.body : null;
  } catch {
    return null;
  }
}

/** The key pages of each site: `/` and the site's most requested paths in the access logs. */
export function keyPages(sites: readonly SiteTarget[], urls: readonly UrlTiming[]): { site: SiteTarget; paths: string[] }[] {
  return sites.slice(0, maxSites).map((site) => {
    const names = new Set(site.names.map((n) => n.toLowerCase()));
    const requested = urls
      .filter((u) => u.host && names.has(u.host.toLowerCase()) && u.path.startsWith('/') && u.path !== '/')
      .sort((a, b) => b.count - a.count || a.path.localeCompare(b.path))
      .slice(0, keyPagesPerSite)
      .map((u) => u.path);
    return { site, paths: ['/', ...requested] };
  });
}

/** The `src` of the `<img>` elements of an HTML page that are on the same site, as paths. */
export function sameSiteImages(html: string, pageUrl: string, site: Pick<SiteTarget, 'host' | 'names'>): string[] {
  const names = new Set([site.host, ...site.names].map((n) => n.toLowerCase()));
  const out: string[] = [];
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const src = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!src || src.startsWith('data:')) continue;
    try {
      const u = new URL(src, pageUrl);
      if (!/^https?:$/.test(u.protocol) || !names.has(u.hostname.toLowerCase())) continue;
      const p = `${u.pathname}${u.search}`;
      if (!out.includes(p)) out.push(p);
    } catch {
      // not a URL
    }
  }
  return out;
}

export interface ProbeOutcome {
  pages: PageProbe[];
  images: ImageProbe[];
  findings: PerfFinding[];
}

const severityOrder = { high: 0, medium: 1, low: 2 } as const;

/** Probes the key pages of the sites and their images through the private web server. */
export async function probeSites(gateway: ServerGateway, targets: readonly { site: SiteTarget; paths: string[] }[], progress: (fraction: number) => Promise<void> = async () => {}): Promise<ProbeOutcome> {
  const pages: PageProbe[] = [];
  const images: ImageProbe[] = [];
  const findings: PerfFinding[] = [];
  for (const [i, { site, paths }] of targets.entries()) {
    await progress(i / Math.max(1, targets.length));
    const base = siteUrl(site);
    const found = (kind: PerfFinding['kind'], severity: PerfFinding['severity'], url: string, evidence: string, directive = directives[kind]?.[site.server] ?? null) =>
      findings.push({ kind, severity, url, site: site.host, server: site.server, evidence: evidence.slice(0, 500), directive });
    const imagePaths: { path: string; page: string }[] = [];
    for (const urlPath of paths) {
      const url = `${base}${urlPath}`;
      const answers: SiteAnswer[] = [];
      for (let r = 0; r < runsPerPage; r++) {
        const a = await requestSite(gateway, site, urlPath, { headers: { 'Accept-Encoding': 'gzip, br', 'User-Agent': userAgent }, maxBody });
        if (a) answers.push(a);
      }
      const last = answers[answers.length - 1];
      if (!last) {
        found('unreachable', 'high', url, `${site.server}: ${(site.https ?? site.http)!.host}:${(site.https ?? site.http)!.port}`);
        continue;
      }
      const type = header(last, 'content-type');
      const encoding = header(last, 'content-encoding');
      const body = await decoded(last);
      const page: PageProbe = {
        url: url.slice(0, 4096),
        site: site.host,
        server: site.server,
        status: last.status,
        runs: answers.length,
        ttfbMs: tenth(median(answers.map((a) => a.ttfbMs))),
        totalMs: tenth(median(answers.map((a) => a.totalMs))),
        wireBytes: last.wireBytes,
        bytes: body ? body.length : encoding ? null : last.wireBytes,
        contentType: type,
        encoding,
        cacheControl: header(last, 'cache-control'),
        expires: header(last, 'expires'),
        age: header(last, 'age'),
        xCache: header(last, 'x-cache') ?? header(last, 'x-varnish'),
      };
      pages.push(page);
      if (page.ttfbMs > slowTtfbMs) found('slow_ttfb', 'medium', page.url, `TTFB ${page.ttfbMs} ms (median of ${page.runs})`);
      if (last.status !== 200) continue;
      const size = page.bytes ?? page.wireBytes;
      if (compressible(type) && !encoding && size > compressAbove) found('not_compressed', 'medium', page.url, `${type}, ${size} B, no Content-Encoding for Accept-Encoding: gzip, br`);
      if (!page.cacheControl && !page.expires) {
        if (isHtml(type)) found('no_cache_headers', 'low', page.url, `${type}: no Cache-Control, no Expires`, htmlCacheDirective[site.server]);
        else found('no_cache_headers', 'medium', page.url, `${type ?? '?'}: no Cache-Control, no Expires`);
      }
      if (isHtml(type) && body) for (const p of sameSiteImages(body.toString('utf8'), url, site)) if (!imagePaths.some((x) => x.path === p)) imagePaths.push({ path: p, page: page.url });
    }
    for (const { path: p, page } of imagePaths.slice(0, imagesPerSite)) {
      const a = await requestSite(gateway, site, p, { headers: { 'User-Agent': userAgent }, maxBody: 0 });
      const url = `${base}${p}`.slice(0, 4096);
      if (!a) continue;
      const image: ImageProbe = { url, page, status: a.status, bytes: a.wireBytes, contentType: header(a, 'content-type') };
      images.push(image);
      if (a.status === 200 && a.wireBytes > largeImageBytes) found('large_image', a.wireBytes > 1024 * 1024 ? 'high' : 'medium', url, `${image.contentType ?? '?'}, ${Math.round(a.wireBytes / 1024)} KB`);
    }
  }
  findings.sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity] || a.url.localeCompare(b.url) || a.kind.localeCompare(b.kind));
  return { pages, images, findings };
}
