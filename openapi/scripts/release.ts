/**
 * `npm run -w @portal/openapi release [-- <version>] [-- --force]`: releases the contract as it is now.
 *
 * 1. bundles the sources and compares them with `released/portal.openapi.json`; an unrecorded breaking
 *    change stops the release (as `npm test` does) unless `--force` (for a contract nobody has integrated
 *    against yet);
 * 2. the version: the one given, else the released one bumped — major for a breaking change, minor for
 *    any other change of an operation, patch for descriptions only, unchanged when nothing changed (the
 *    first release keeps the version of `src/portal.yaml`);
 * 3. stamps it into `src/portal.yaml` (`info.version`), regenerates `dist/` and `generated/`, copies the
 *    bundle to `released/portal.openapi.json`, and moves the entries of `## Unreleased` in `CHANGELOG.md`
 *    under `## <version>`, with a line per added, removed and newly deprecated operation.
 *
 * Deterministic: the same sources give the same files, and a second run changes nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from './bundle.ts';
import { bundleFile, changelogFile, checkContract, contractChanges, openapiRoot, releasedFile, type ContractChange } from './contract-diff.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON

const semver = /^(\d+)\.(\d+)\.(\d+)$/;

/** The next version after `previous` for these changes. */
export function nextVersion(previous: string, changes: ContractChange[]): string {
  const m = semver.exec(previous);
  if (!m) throw new Error(`released info.version "${previous}" is not MAJOR.MINOR.PATCH`);
  const [major, minor, patch] = m.slice(1).map(Number) as [number, number, number];
  if (changes.some((c) => c.breaking)) return `${major + 1}.0.0`;
  if (changes.some((c) => c.type !== 'annotation')) return `${major}.${minor + 1}.0`;
  if (changes.length) return `${major}.${minor}.${patch + 1}`;
  return previous;
}

/** Lines the release adds for its version: operations added, removed, deprecated. */
export function generatedLines(changes: ContractChange[], current: Doc): string[] {
  const lines = new Set<string>();
  for (const c of changes) {
    if (c.whole && c.method && c.action === 'add') lines.add(`- Added \`${c.where}\` (${current.paths?.[c.path!]?.[c.method]?.operationId ?? '?'}).`);
    if (c.whole && c.method && c.action === 'remove') lines.add(`- Removed \`${c.where}\` (${c.operationId ?? '?'}).`);
    if (c.type === 'deprecated' && c.method) {
      const op = current.paths?.[c.path!]?.[c.method];
      if (op?.deprecated) lines.add(`- Deprecated \`${c.where}\` (${op.operationId}), sunset ${op['x-sunset']}.`);
    }
    if (c.whole && c.action === 'add' && c.where.startsWith('webhook ')) lines.add(`- Added ${c.where}.`);
  }
  return [...lines];
}

/**
 * The changelog with the `## Unreleased` entries (and the generated lines) under `## <version>`; when that
 * section exists already (a forced re-release of the same version), they are added to it.
 */
export function releaseChangelog(markdown: string, version: string, generated: string[]): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trimEnd() === '## Unreleased');
  if (start < 0) throw new Error('CHANGELOG.md has no "## Unreleased" section');
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  const entries = lines.slice(start + 1, end).filter((l) => l.trim() !== '');
  const existing = lines.findIndex((l) => l.trimEnd() === `## ${version}`);
  if (existing >= 0) {
    if (existing < end) throw new Error(`CHANGELOG.md: ## ${version} is above ## Unreleased`);
    const added = [...entries, ...generated].filter((l, i, all) => all.indexOf(l) === i && !lines.slice(end).includes(l));
    const at = lines[existing + 1]?.trim() === '' ? existing + 2 : existing + 1;
    const rest = [...lines.slice(end, existing + 1), '', ...added, ...lines.slice(at)];
    return [...lines.slice(0, start + 1), '', ...rest].join('\n').replace(/\n{3,}/g, '\n\n');
  }
  const body = [...entries, ...generated.filter((g) => !entries.includes(g))];
  if (!body.length) body.push('- Compatible changes only.');
  return [...lines.slice(0, start + 1), '', `## ${version}`, '', ...body, '', ...lines.slice(end)].join('\n').replace(/\n{3,}/g, '\n\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const explicit = args.find((a) => !a.startsWith('--'));
  if (explicit && !semver.test(explicit)) throw new Error(`version "${explicit}" is not MAJOR.MINOR.PATCH`);
  const yamlFile = path.join(openapiRoot, 'src/portal.yaml');
  const current = bundle();
  const previous = fs.existsSync(releasedFile) ? (JSON.parse(fs.readFileSync(releasedFile, 'utf8')) as Doc) : undefined;
  const changelog = fs.readFileSync(changelogFile, 'utf8');
  let changes: ContractChange[] = [];
  if (previous) {
    const { problems } = checkContract(previous, current, changelog);
    if (problems.length && !force) {
      for (const p of problems) console.error(p);
      console.error('\nNot released: record these in openapi/CHANGELOG.md (or release with --force if nobody has integrated against the released contract).');
      process.exit(1);
    }
    changes = contractChanges(previous, current);
  }
  const version = explicit ?? (previous ? nextVersion(String(previous.info.version), changes) : String(current.info.version));

  const yaml = fs.readFileSync(yamlFile, 'utf8');
  const stamped = yaml.replace(/^(info:\n(?:[ ]{2}.*\n)*?[ ]{2}version: ).*$/m, `$1${version}`);
  if (!/^info:\n(?:[ ]{2}.*\n)*?[ ]{2}version: /m.test(yaml)) throw new Error('src/portal.yaml: no info.version to stamp');
  if (stamped !== yaml) fs.writeFileSync(yamlFile, stamped);

  const versionChanged = !previous || String(previous.info.version) !== version;
  if (versionChanged || changes.length) {
    // A re-release of the same version (--force) replaces it: its changes against itself are no news.
    const generated = !previous ? ['- First released version of the contract.'] : versionChanged ? generatedLines(changes, current) : [];
    const next = releaseChangelog(changelog, version, generated);
    if (next !== changelog) fs.writeFileSync(changelogFile, next);
  }

  execFileSync(process.execPath, [path.join(openapiRoot, 'scripts/bundle.ts')], { stdio: 'inherit' });
  fs.mkdirSync(path.dirname(releasedFile), { recursive: true });
  const released = fs.readFileSync(bundleFile, 'utf8');
  if (!fs.existsSync(releasedFile) || fs.readFileSync(releasedFile, 'utf8') !== released) fs.writeFileSync(releasedFile, released);
  console.log(`released contract ${version}${previous ? ` (was ${previous.info.version}; ${changes.length} change(s))` : ' (first release)'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
