/**
 * The server-side scan of a server's document roots: every file below the web server family's web root
 * (`/var/www`) listed by the server's own `find` (mode, size, path — through the gateway, so over SSH the same),
 * then
 * - malware signatures in PHP and JavaScript files (`signatures.ts`), with the line of each match;
 * - world-writable files (any user on the server may change them);
 * - PHP files in upload and media directories (where a shop never keeps code);
 * - installed shop and library versions (`composer.lock`, and the `composer.json` of Magento `app/code` and
 *   Shopware `custom/plugins` extensions) against the advisories' affected ranges.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { Finding } from '../shared/findings.ts';
import { severityOrder } from '../shared/findings.ts';
import { advisories, signatures } from './signatures.ts';
import { affectedRange } from './versions.ts';

/** Where the web server family keeps the document roots. */
export const webRoot = '/var/www';
/** Files larger than this are listed (mode, uploads) but not read. */
export const maxReadBytes = 2 * 1024 * 1024;
/** At most this many files per scan; more are reported as `truncated`. */
export const maxFiles = 50_000;
const maxFindings = 1000;

export interface TreeFile {
  /** Path on the server. */
  path: string;
  mode: number;
  size: number;
}

/** The files below `root` as the server's `find` lists them (GNU find's `-printf`). */
export async function listTree(gateway: ServerGateway, root: string): Promise<TreeFile[]> {
  const r = await gateway.run({ tool: 'find', args: [{ path: root }, '-xdev', '-type', 'f', '-printf', '%m %s %p\\n'], timeoutMs: 60_000 });
  if (r.exitCode !== 0 && r.stdout === '') return [];
  const hostRoot = gateway.hostPath(root);
  const files: TreeFile[] = [];
  for (const line of r.stdout.split('\n')) {
    const m = /^([0-7]+) (\d+) (.+)$/.exec(line);
    if (!m || !m[3]!.startsWith(hostRoot)) continue;
    files.push({ path: root + m[3]!.slice(hostRoot.length), mode: parseInt(m[1]!, 8), size: Number(m[2]) });
    if (files.length >= maxFiles) break;
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

const phpFile = /\.(?:php\d?|phtml|phar|inc)$/i;
const jsFile = /\.js$/i;
/** Directories of uploads and media (Magento `pub/media`, Shopware `public/media`, WordPress `wp-content/uploads`, …). */
const uploadDir = /(?:^|\/)(?:uploads?|media|files|images|tmp|cache)\//i;

const excerpt = (line: string) => (line.trim().length > 200 ? `${line.trim().slice(0, 200)}…` : line.trim());

/** Signature matches of one file's content, each at its line. */
export function matchSignatures(file: string, content: string): Finding[] {
  const kind = phpFile.test(file) ? 'php' : jsFile.test(file) ? 'js' : null;
  if (!kind) return [];
  const lines = content.split('\n');
  const out: Finding[] = [];
  for (const s of signatures) {
    if (s.files !== kind) continue;
    const m = s.pattern.exec(content);
    if (!m) continue;
    const line = content.slice(0, m.index).split('\n').length;
    out.push({ kind: 'malware', severity: s.severity, rule: s.id, file, line, evidence: excerpt(lines[line - 1] ?? m[0]) });
  }
  return out;
}

/** Findings of the file's mode and place (world-writable, PHP in an upload directory). */
export function checkFile(f: TreeFile, root: string): Finding[] {
  const out: Finding[] = [];
  if (f.mode & 0o002)
    out.push({ kind: 'world_writable', severity: phpFile.test(f.path) ? 'high' : 'medium', rule: 'world_writable', file: f.path, line: null, evidence: `mode ${f.mode.toString(8).padStart(3, '0')}` });
  const relative = f.path.slice(root.length + 1);
  if (phpFile.test(f.path) && uploadDir.test(relative) && !/(?:^|\/)vendor\//.test(relative))
    out.push({ kind: 'php_in_uploads', severity: 'high', rule: 'php_in_uploads', file: f.path, line: null, evidence: relative });
  return out;
}

interface InstalledPackage {
  name: string;
  version: string;
}

/** The packages a `composer.lock` lists (`packages` and `packages-dev`), or a `composer.json`'s own name and version. */
export function packagesOf(file: string, content: string): InstalledPackage[] {
  try {
    const j = JSON.parse(content) as { packages?: unknown; 'packages-dev'?: unknown; name?: unknown; version?: unknown };
    if (file.endsWith('composer.lock')) {
      const list = [...(Array.isArray(j.packages) ? j.packages : []), ...(Array.isArray(j['packages-dev']) ? j['packages-dev'] : [])] as { name?: unknown; version?: unknown }[];
      return list.flatMap((p) => (typeof p.name === 'string' && typeof p.version === 'string' ? [{ name: p.name, version: p.version }] : []));
    }
    return typeof j.name === 'string' && typeof j.version === 'string' ? [{ name: j.name, version: j.version }] : [];
  } catch {
    return [];
  }
}

/** Advisories that affect a package list found in `file`. */
export function vulnerableExtensions(file: string, packages: InstalledPackage[]): Finding[] {
  const out: Finding[] = [];
  for (const pkg of packages)
    for (const a of advisories) {
      if (!a.packages.includes(pkg.name.toLowerCase())) continue;
      const fixedIn = affectedRange(pkg.version, a.ranges);
      if (fixedIn)
        out.push({ kind: 'vulnerable_extension', severity: a.severity, rule: a.id, file, line: null, evidence: `${pkg.name} ${pkg.version}: ${a.title}`, extension: { name: pkg.name, version: pkg.version, fixedIn } });
    }
  return out;
}

/** Whether a file carries installed versions: a `composer.lock`, or an extension's `composer.json`. */
const versionFile = (relative: string) =>
  /(?:^|\/)composer\.lock$/.test(relative) || /(?:^|\/)(?:app\/code\/[^/]+\/[^/]+|custom\/(?:static-)?plugins\/[^/]+)\/composer\.json$/.test(relative);

export interface ScanOutcome {
  roots: string[];
  filesScanned: number;
  truncated: boolean;
  findings: Finding[];
  /** The files listed (for the checks over HTTP: the backups next to a site's index); not part of the report. */
  tree: TreeFile[];
}

/** Most severe first, then by place; at most 1000. */
export const sortFindings = (findings: Finding[]): Finding[] =>
  [...findings].sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity] || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)).slice(0, maxFindings);

/**
 * Scans every document root below the web root (a directory of `/var/www` per site). `progress(fraction)`
 * is called while files are read.
 */
export async function scanDocumentRoots(gateway: ServerGateway, progress: (fraction: number, step: 'listing' | 'reading') => Promise<void>): Promise<ScanOutcome> {
  await progress(0, 'listing');
  const files = await listTree(gateway, webRoot);
  const roots = [...new Set(files.map((f) => f.path.slice(webRoot.length + 1).split('/')[0]!).filter((d) => d !== ''))].map((d) => `${webRoot}/${d}`);
  const findings: Finding[] = [];
  let done = 0;
  for (const f of files) {
    const relative = f.path.slice(webRoot.length + 1);
    findings.push(...checkFile(f, webRoot));
    if (f.size <= maxReadBytes && (phpFile.test(f.path) || jsFile.test(f.path) || versionFile(relative))) {
      const content = await gateway.readFile(f.path);
      if (content !== null) {
        findings.push(...matchSignatures(f.path, content));
        if (versionFile(relative)) findings.push(...vulnerableExtensions(f.path, packagesOf(f.path, content)));
      }
    }
    done++;
    if (done % 200 === 0) await progress(done / files.length, 'reading');
  }
  return { roots, filesScanned: files.length, truncated: files.length >= maxFiles, findings: sortFindings(findings), tree: files };
}
