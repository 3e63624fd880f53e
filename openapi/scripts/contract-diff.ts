/**
 * The contract never breaks silently (issue 30): the bundled document is compared with the released one
 * (`released/portal.openapi.json`) by `api-smart-diff`, and every breaking change must be recorded in
 * `CHANGELOG.md` under `## Unreleased` with a deprecation period:
 *
 *     - BREAKING <operationId | METHOD /path | /path | webhook name>: what changed (deprecated since 2026-11-27, sunset 2027-05-31)
 *
 * `node scripts/contract-diff.ts` (part of `npm run check`) fails naming every unrecorded breaking change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCompare, type Diff } from 'api-smart-diff';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON

const here = path.dirname(fileURLToPath(import.meta.url));
export const openapiRoot = path.resolve(here, '..');
export const releasedFile = path.join(openapiRoot, 'released/portal.openapi.json');
export const changelogFile = path.join(openapiRoot, 'CHANGELOG.md');
export const bundleFile = path.join(openapiRoot, 'dist/portal.openapi.json');

/** One classified change of an operation or webhook. */
export interface ContractChange {
  /** `GET /api/v1/x` or `webhook invoice.issued`. */
  where: string;
  /** The operation's id in the released document (absent for webhooks and added operations). */
  operationId?: string;
  path?: string;
  method?: string;
  breaking: boolean;
  /** `breaking`, `non-breaking`, `deprecated`, `annotation`, `unclassified` (after the project's rules). */
  type: string;
  /** `add`, `remove`, `replace`, `rename`. */
  action: string;
  /** The whole operation or webhook was added or removed (not a change inside it). */
  whole: boolean;
  description: string;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const isRequired = (node: unknown): boolean => !!node && typeof node === 'object' && (node as Doc).required === true;

/**
 * The project's rules on top of the tool's classification, where it is more lenient than an integrator
 * can afford (its view: an answer that still validates is compatible):
 * - a property of an answer (or a webhook payload) removed, or no longer required → breaking: clients read it;
 * - the type of a value in an answer replaced → breaking: a client's parser expects the old one;
 * - parameters added to an operation that had none, one of them required → breaking (the tool only
 *   classifies single additions to an existing list);
 * - a request body added as required → breaking;
 * - a webhook removed → breaking.
 */
function stricter(diff: Diff, rest: (string | number)[], inWebhook: boolean): boolean {
  const responses = rest.indexOf('responses');
  const inAnswer = inWebhook || responses >= 0;
  const last = rest.at(-1);
  const parent = rest.at(-2);
  if (inAnswer && diff.action === 'remove' && (parent === 'properties' || parent === 'required')) return true;
  if (inAnswer && diff.action === 'replace' && last === 'type') return true;
  if (diff.action === 'add' && rest.length === 1 && last === 'parameters' && Array.isArray(diff.after) && diff.after.some(isRequired)) return true;
  if (diff.action === 'add' && rest.length === 1 && last === 'requestBody' && isRequired(diff.after)) return true;
  return false;
}

/**
 * The document with the local `$ref`s of its `webhooks` section inlined: the tool resolves them in `paths`
 * only, so a changed component used by a webhook payload would go unseen. A reference cycle stays a `$ref`.
 */
function inlineWebhookRefs(doc: Doc): Doc {
  const copy = structuredClone(doc);
  if (!copy.webhooks) return copy;
  const resolve = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((n, part) => (n as Doc | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const inline = (node: unknown, stack: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, stack));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as Doc).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !stack.includes(ref)) {
      const { $ref: _, ...siblings } = node as Doc;
      return inline({ ...(resolve(ref) as Doc), ...siblings }, [...stack, ref]);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, stack)]));
  };
  copy.webhooks = inline(copy.webhooks, []);
  return copy;
}

/** Every change between two documents that concerns an operation or a webhook, classified. */
export function contractChanges(before: Doc, after: Doc): ContractChange[] {
  const { diffs } = apiCompare(inlineWebhookRefs(before), inlineWebhookRefs(after));
  const changes: ContractChange[] = [];
  for (const diff of diffs) {
    const [section, key, third, ...tail] = diff.path.map(String);
    let change: Omit<ContractChange, 'breaking' | 'type'>;
    let rest: string[];
    if (section === 'paths' && key !== undefined) {
      if (third === undefined || !methods.has(third)) {
        // A whole path item added or removed, or a path-level field (its parameters).
        const ops = Object.keys((diff.action === 'add' ? after : before).paths?.[key] ?? {}).filter((m) => methods.has(m));
        if (third === undefined) {
          for (const method of ops) {
            const op = (diff.action === 'add' ? after : before).paths[key][method];
            const type = diff.action === 'remove' ? 'breaking' : diff.type;
            changes.push({
              where: `${method.toUpperCase()} ${key}`,
              operationId: diff.action === 'add' ? undefined : op?.operationId,
              path: key,
              method,
              breaking: type === 'breaking',
              type,
              action: diff.action,
              whole: true,
              description: `[${diff.action === 'add' ? 'Added' : 'Removed'}] operation ${method.toUpperCase()} ${key}`,
            });
          }
          continue;
        }
        change = { where: key, path: key, action: diff.action, whole: false, description: diff.description ?? '' };
        rest = [third, ...tail];
      } else {
        const op = before.paths?.[key]?.[third];
        change = {
          where: `${third.toUpperCase()} ${key}`,
          operationId: op?.operationId,
          path: key,
          method: third,
          action: diff.action,
          whole: tail.length === 0 && (diff.action === 'add' || diff.action === 'remove'),
          description: diff.description ?? '',
        };
        rest = tail;
      }
      const type = stricter(diff, rest, false) ? 'breaking' : diff.type;
      changes.push({ ...change, breaking: type === 'breaking', type });
    } else if (section === 'webhooks' && key !== undefined) {
      const whole = third === undefined || (methods.has(third) && tail.length === 0);
      rest = third === undefined ? [] : methods.has(third) ? tail : [third, ...tail];
      const type = (whole && diff.action === 'remove') || stricter(diff, rest, true) ? 'breaking' : diff.type;
      changes.push({
        where: `webhook ${key}`,
        action: diff.action,
        whole,
        breaking: type === 'breaking',
        type,
        description: diff.description ?? `[${diff.action}] ${diff.path.join('/')}`,
      });
    }
    // `info`, `components`, `tags`, `servers`: what they change reaches the operations and is reported there.
  }
  return changes;
}

/** A `- BREAKING …` line of the changelog. */
export interface ChangelogEntry {
  target: string;
  text: string;
  deprecatedSince: string;
  sunset: string;
  line: number;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => datePattern.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const entryPattern = /^- BREAKING (?<target>[^:]+?): (?<text>.+?) \(deprecated since (?<since>[^,)]+), sunset (?<sunset>[^)]+)\)\s*$/;

/**
 * The breaking-change entries of the `## Unreleased` section (older versions' entries are history: they
 * do not excuse a new change of the same operation), and what is wrong with the file.
 */
export function parseChangelog(markdown: string): { unreleased: ChangelogEntry[]; errors: string[] } {
  const unreleased: ChangelogEntry[] = [];
  const errors: string[] = [];
  let section: string | undefined;
  let sawUnreleased = false;
  markdown.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      if (section === 'Unreleased') sawUnreleased = true;
      return;
    }
    if (!line.startsWith('- BREAKING')) return;
    const m = entryPattern.exec(line);
    if (!m?.groups) {
      errors.push(`CHANGELOG.md:${index + 1}: a breaking change reads "- BREAKING <operationId | METHOD /path | /path>: what changed (deprecated since YYYY-MM-DD, sunset YYYY-MM-DD)"`);
      return;
    }
    const { target, text, since, sunset } = m.groups as Record<string, string>;
    if (!validDate(since!) || !validDate(sunset!)) errors.push(`CHANGELOG.md:${index + 1}: dates are YYYY-MM-DD`);
    else if (sunset! <= since!) errors.push(`CHANGELOG.md:${index + 1}: the sunset (${sunset}) must come after the deprecation (${since}): a deprecation period`);
    else if (section === 'Unreleased') unreleased.push({ target: target!.trim(), text: text!, deprecatedSince: since!, sunset: sunset!, line: index + 1 });
  });
  if (!sawUnreleased) errors.push('CHANGELOG.md has no "## Unreleased" section (where the next version\'s breaking changes are recorded)');
  return { unreleased, errors };
}

/** Whether a changelog entry names the change's operation (by id, `METHOD /path` or `/path`) or webhook. */
export function entryCovers(entry: ChangelogEntry, change: ContractChange): boolean {
  const t = entry.target;
  return (
    (!!change.operationId && t === change.operationId) ||
    t === change.where ||
    (!!change.path && t === change.path) ||
    (change.where.startsWith('webhook ') && t === change.where.slice('webhook '.length))
  );
}

/** The breaking changes no changelog entry of `## Unreleased` accounts for. */
export function unrecordedBreakingChanges(changes: ContractChange[], entries: ChangelogEntry[]): ContractChange[] {
  return changes.filter((c) => c.breaking && !entries.some((e) => entryCovers(e, c)));
}

/** The check: `released` vs `current` with the changelog; the messages are empty when the contract may ship. */
export function checkContract(released: Doc, current: Doc, changelog: string): { problems: string[]; changes: ContractChange[] } {
  const { unreleased, errors } = parseChangelog(changelog);
  const changes = contractChanges(released, current);
  const problems = [...errors];
  const unrecorded = unrecordedBreakingChanges(changes, unreleased);
  const seen = new Set<string>();
  for (const c of unrecorded) {
    const line = `${c.where}${c.operationId ? ` (${c.operationId})` : ''}: ${c.description}`;
    if (seen.has(line)) continue;
    seen.add(line);
    problems.push(`breaking change not recorded in CHANGELOG.md: ${line}`);
  }
  return { problems, changes };
}

async function main(): Promise<void> {
  if (!fs.existsSync(releasedFile)) {
    console.error(`no released contract at ${path.relative(openapiRoot, releasedFile)}: run npm run -w @portal/openapi release`);
    process.exit(1);
  }
  const read = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as Doc;
  const released = read(releasedFile);
  const { problems, changes } = checkContract(released, read(bundleFile), fs.existsSync(changelogFile) ? fs.readFileSync(changelogFile, 'utf8') : '');
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(
      `\nThe contract changed incompatibly since the released version ${released.info?.version}. Keep the old operation or field ` +
        '(mark it `deprecated: true` with `x-deprecated-since` and `x-sunset`), or record each change under "## Unreleased" in openapi/CHANGELOG.md:\n' +
        '  - BREAKING <operationId | METHOD /path>: what changed and what to use instead (deprecated since YYYY-MM-DD, sunset YYYY-MM-DD)',
    );
    process.exit(1);
  }
  const breaking = changes.filter((c) => c.breaking).length;
  console.log(`contract vs released ${released.info?.version}: ${changes.length} change(s), ${breaking} breaking (recorded in CHANGELOG.md)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
