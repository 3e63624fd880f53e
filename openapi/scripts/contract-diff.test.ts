import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContract, contractChanges, parseChangelog } from './contract-diff.ts';
import { nextVersion, releaseChangelog } from './release.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixture JSON

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (name: string): Doc => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as Doc;
/** The released fixture and the current one: `…/cronjobs/file` renamed to `…/cronjobs/files`, an optional `comment` added to `createCronjob`. */
const released = read('released.json');
const current = read('current.json');

const changelog = (...unreleased: string[]) => `# Changelog\n\n## Unreleased\n\n${unreleased.join('\n')}\n\n## 1.4.0\n\n- Older entries.\n`;
const createBody = (doc: Doc): Doc => doc.paths['/api/v1/clusters/{clusterId}/cronjobs'].post.requestBody.content['application/json'].schema;
const createAnswer = (doc: Doc): Doc => doc.paths['/api/v1/clusters/{clusterId}/cronjobs'].post.responses['201'].content['application/json'].schema;
/** The operations with a breaking change. */
const breakingOf = (doc: Doc) => [...new Set(contractChanges(released, doc).filter((c) => c.breaking).map((c) => c.operationId))];

describe('issue 30: the contract never breaks silently', () => {
  it('a renamed path is a breaking change: the check fails naming the old operation', () => {
    const { problems } = checkContract(released, current, changelog());
    expect(problems).toEqual([
      'breaking change not recorded in CHANGELOG.md: GET /api/v1/clusters/{clusterId}/cronjobs/file (getCronjobFile): [Removed] operation GET /api/v1/clusters/{clusterId}/cronjobs/file',
    ]);
  });

  it('an added optional request field and an added operation are not breaking', () => {
    const changes = contractChanges(released, current);
    const comment = changes.find((c) => c.where === 'POST /api/v1/clusters/{clusterId}/cronjobs');
    expect(comment).toMatchObject({ breaking: false, operationId: 'createCronjob' });
    expect(comment?.description).toContain('comment');
    expect(changes.find((c) => c.where === 'GET /api/v1/clusters/{clusterId}/cronjobs/files')).toMatchObject({ breaking: false, whole: true, action: 'add' });
    const onlyOptional = structuredClone(released);
    createBody(onlyOptional).properties.comment = { type: 'string', maxLength: 200 };
    expect(checkContract(released, onlyOptional, changelog()).problems).toEqual([]);
  });

  it('a breaking change recorded under Unreleased with a deprecation period is accepted (by operationId, METHOD /path or /path)', () => {
    for (const target of ['getCronjobFile', 'GET /api/v1/clusters/{clusterId}/cronjobs/file', '/api/v1/clusters/{clusterId}/cronjobs/file'])
      expect(checkContract(released, current, changelog(`- BREAKING ${target}: renamed to …/cronjobs/files (deprecated since 2026-11-27, sunset 2027-05-31)`)).problems).toEqual([]);
  });

  it('an entry of an older version, another operation, a malformed entry or one without a deprecation period does not excuse the change', () => {
    const old = `# Changelog\n\n## Unreleased\n\n## 1.4.0\n\n- BREAKING getCronjobFile: renamed (deprecated since 2026-01-01, sunset 2026-06-30)\n`;
    expect(checkContract(released, current, old).problems).toHaveLength(1);
    expect(checkContract(released, current, changelog('- BREAKING createCronjob: other (deprecated since 2026-11-27, sunset 2027-05-31)')).problems).toHaveLength(1);
    const malformed = checkContract(released, current, changelog('- BREAKING getCronjobFile: renamed, sunset 2027-05-31')).problems;
    expect(malformed[0]).toMatch(/^CHANGELOG\.md:5: a breaking change reads/);
    expect(malformed).toHaveLength(2);
    const noPeriod = checkContract(released, current, changelog('- BREAKING getCronjobFile: renamed (deprecated since 2027-05-31, sunset 2027-05-31)')).problems;
    expect(noPeriod[0]).toContain('must come after the deprecation');
    expect(checkContract(released, current, '# Changelog\n').problems[0]).toContain('no "## Unreleased" section');
  });

  it('a new required request field, a narrowed type and a removed answer field are breaking', () => {
    const required = structuredClone(released);
    createBody(required).properties.comment = { type: 'string', maxLength: 200 };
    createBody(required).required.push('comment');
    expect(breakingOf(required)).toEqual(['createCronjob']);

    const narrowed = structuredClone(released);
    createBody(narrowed).properties.timeout.type = 'integer';
    expect(breakingOf(narrowed)).toEqual(['createCronjob']);

    const shorter = structuredClone(released);
    createBody(shorter).properties.schedule.maxLength = 50;
    expect(breakingOf(shorter)).toEqual(['createCronjob']);

    // The createCronjob answer changing shape (issue 30): a field gone, another of a different type.
    const removed = structuredClone(released);
    delete createAnswer(removed).properties.jobId;
    expect(breakingOf(removed)).toEqual(['createCronjob']);
    const retyped = structuredClone(released);
    createAnswer(retyped).properties.id.type = 'string';
    expect(breakingOf(retyped)).toEqual(['createCronjob']);

    const newParameter = structuredClone(released);
    newParameter.paths['/api/v1/clusters/{clusterId}/cronjobs/file'].get.parameters.push({ name: 'server', in: 'query', required: true, schema: { type: 'integer' } });
    expect(breakingOf(newParameter)).toEqual(['getCronjobFile']);
  });

  it('webhooks: a removed event or payload field (also through a $ref) is breaking, a new event or field is not', () => {
    const payload = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 }, total: { type: 'integer' } } };
    const hook = (schema: Doc) => ({ post: { requestBody: { content: { 'application/json': { schema } } }, responses: { '200': { description: 'Received.' } } } });
    const before: Doc = {
      ...structuredClone(released),
      components: { schemas: { Invoice: structuredClone(payload) } },
      webhooks: { 'invoice.issued': hook({ $ref: '#/components/schemas/Invoice' }), 'order.status_changed': hook(structuredClone(payload)) },
    };
    const breaking = (after: Doc) => [...new Set(contractChanges(before, after).filter((c) => c.breaking).map((c) => c.where))];
    const viaRef = structuredClone(before);
    delete viaRef.components.schemas.Invoice.properties.total;
    expect(breaking(viaRef)).toEqual(['webhook invoice.issued']);
    const inline = structuredClone(before);
    delete inline.webhooks['order.status_changed'].post.requestBody.content['application/json'].schema.properties.total;
    expect(breaking(inline)).toEqual(['webhook order.status_changed']);
    const removed = structuredClone(before);
    delete removed.webhooks['order.status_changed'];
    expect(breaking(removed)).toEqual(['webhook order.status_changed']);
    expect(checkContract(before, removed, changelog('- BREAKING order.status_changed: merged into … (deprecated since 2026-11-27, sunset 2027-05-31)')).problems).toEqual([]);
    const added = structuredClone(before);
    added.webhooks['notification.created'] = hook(structuredClone(payload));
    added.components.schemas.Invoice.properties.currency = { type: 'string', maxLength: 3 };
    expect(breaking(added)).toEqual([]);
  });

  it('the same document, or one with other descriptions only, has no breaking change', () => {
    expect(contractChanges(released, structuredClone(released))).toEqual([]);
    const described = structuredClone(released);
    described.paths['/api/v1/clusters/{clusterId}/cronjobs'].post.description = 'Creates a cron job.';
    expect(breakingOf(described)).toEqual([]);
    expect(contractChanges(released, described).map((c) => c.type)).toEqual(['annotation']);
  });

  it('parses the entries of Unreleased only', () => {
    const parsed = parseChangelog(changelog('- BREAKING getCronjobFile: renamed (deprecated since 2026-11-27, sunset 2027-05-31)', '- Added something.'));
    expect(parsed).toEqual({ unreleased: [{ target: 'getCronjobFile', text: 'renamed', deprecatedSince: '2026-11-27', sunset: '2027-05-31', line: 5 }], errors: [] });
  });

  it('release: the version follows the changes, the Unreleased entries move under it', () => {
    const changes = contractChanges(released, current);
    expect(nextVersion('1.4.0', changes)).toBe('2.0.0');
    expect(nextVersion('1.4.0', changes.filter((c) => !c.breaking))).toBe('1.5.0');
    expect(nextVersion('1.4.0', [])).toBe('1.4.0');
    const entry = '- BREAKING getCronjobFile: renamed to …/files (deprecated since 2026-11-27, sunset 2027-05-31)';
    const after = releaseChangelog(changelog(entry), '2.0.0', ['- Added `GET /x` (getX).']);
    expect(after).toBe(`# Changelog\n\n## Unreleased\n\n## 2.0.0\n\n${entry}\n- Added \`GET /x\` (getX).\n\n## 1.4.0\n\n- Older entries.\n`);
    // Released: the entry no longer excuses a change against the new release.
    expect(parseChangelog(after).unreleased).toEqual([]);
    // A forced re-release of the same version adds to its section.
    const again = releaseChangelog(after.replace('## Unreleased\n', '## Unreleased\n\n- Added `GET /y` (getY).\n'), '2.0.0', []);
    expect(again).toBe(`# Changelog\n\n## Unreleased\n\n## 2.0.0\n\n- Added \`GET /y\` (getY).\n${entry}\n- Added \`GET /x\` (getX).\n\n## 1.4.0\n\n- Older entries.\n`);
  });
});
