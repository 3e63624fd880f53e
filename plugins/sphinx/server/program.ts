/**
 * Sphinx (`sphinxsearch` 2.2) as this plugin runs it: its file (`render`, pure — the sources, indexes, `indexer` and
 * `searchd` sections of `/etc/sphinxsearch/sphinx.conf`), how it is checked (`indexer` reads every source without
 * writing an index), how it is applied (stop `searchd`, build the plain indexes, start it) and the program
 * descriptor with the private instance the `local` gateway runs per server (`searchd` daemonises into the sandbox,
 * listening on two loopback ports of its own: the API and SphinxQL over the `mysql41` protocol).
 *
 * Every value has passed the contract's patterns (names, hosts, a one-line query without `#` or `\`, a password of
 * printable characters without quotes, `#`, `\` or spaces), so none can end a line or start a comment: the file's
 * structure is the renderer's. The file is secret (it holds the database passwords). Imports only the SDK's program
 * entry at load time: the generator loads this file for the paths.
 */
import { definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const configPath = '/etc/sphinxsearch/sphinx.conf';
export const dataDir = '/var/lib/sphinxsearch/data';
export const feedsDir = '/var/lib/sphinxsearch/feeds';
export const logPath = '/var/log/sphinxsearch/searchd.log';
export const queryLogPath = '/var/log/sphinxsearch/query.log';
export const pidPath = '/run/sphinxsearch/searchd.pid';
/** searchd's API port and its SphinxQL (`mysql41`) port on a real server; the `local` gateway gives each server its own. */
export const defaultPort = 9312;
export const defaultSqlPort = 9306;
/** The name of the SphinxQL port for `listenAddress` (a port of its own besides the program's). */
export const sqlService = 'sphinx-sql';

/** What `render` needs from the server: the two ports searchd listens on. */
export interface Prepared {
  port: number;
  sqlPort: number;
}

export interface DesiredSource {
  name: string;
  type: 'mysql' | 'xmlpipe2' | 'tsvpipe';
  host: string;
  port: number;
  database: string;
  user: string;
  /** Opened from its sealed form for the render (the file is secret). */
  password: string;
  query: string;
  feed: string;
  fields: string[];
}
export interface DesiredIndex {
  name: string;
  type: 'plain' | 'rt';
  source: string;
  fields: string[];
  charsetTable: 'default' | 'western' | 'latin';
  morphology: string;
  minWordLen: number;
}
/** The desired sources and indexes (`desired.load`). */
export interface Desired {
  sources: DesiredSource[];
  indexes: DesiredIndex[];
}

/** The ports of the server's searchd (prepare → render; the search connects to the second). */
export const sphinxAddresses = async (gateway: Pick<ServerGateway, 'listenAddress'>) => ({
  api: await gateway.listenAddress('sphinx', defaultPort),
  sql: await gateway.listenAddress(sqlService, defaultSqlPort),
});

/** `charset_table` per choice (`default`: none written, Sphinx's own Latin and Cyrillic). */
const charsetTables: Record<DesiredIndex['charsetTable'], string | null> = {
  default: null,
  western: '0..9, A..Z->a..z, _, a..z, U+C0..U+D6->U+E0..U+F6, U+D8..U+DE->U+F8..U+FE, U+DF, U+E0..U+F6, U+F8..U+FF',
  latin: '0..9, A..Z->a..z, _, a..z',
};

const section = (head: string, lines: readonly string[]) => [head, '{', ...lines.map((l) => `  ${l}`), '}', ''];

function sourceLines(s: DesiredSource, hostPath: (p: string) => string): string[] {
  if (s.type === 'mysql')
    return [
      'type = mysql',
      `sql_host = ${s.host}`,
      `sql_port = ${s.port || 3306}`,
      `sql_user = ${s.user}`,
      `sql_pass = ${s.password}`,
      `sql_db = ${s.database}`,
      'sql_query_pre = SET NAMES utf8mb4',
      `sql_query = ${s.query}`,
    ];
  const feed = hostPath(`${feedsDir}/${s.feed}`);
  if (s.type === 'xmlpipe2') return ['type = xmlpipe2', `xmlpipe_command = cat ${feed}`];
  return ['type = tsvpipe', `tsvpipe_command = cat ${feed}`, ...s.fields.map((f) => `tsvpipe_field = ${f}`)];
}

function indexLines(i: DesiredIndex, hostPath: (p: string) => string): string[] {
  return [
    // Sphinx 2.2 serves a real-time index only with an attribute: `group_id` (0 unless the application sets it, for filtering).
    ...(i.type === 'rt' ? ['type = rt', ...i.fields.map((f) => `rt_field = ${f}`), 'rt_attr_uint = group_id'] : [`source = ${i.source}`]),
    `path = ${hostPath(`${dataDir}/${i.name}`)}`,
    ...(charsetTables[i.charsetTable] ? [`charset_table = ${charsetTables[i.charsetTable]}`] : []),
    `morphology = ${i.morphology}`,
    `min_word_len = ${i.minWordLen}`,
  ];
}

/**
 * The configuration: the sources and indexes, `indexer`'s memory and `searchd` on the loopback interface. No file
 * while there is no index (searchd refuses to start without one): the apply then stops it.
 */
export function render(
  s: Settings,
  c: Pick<ConfigRenderInput<Prepared | undefined>, 'hostPath' | 'prepared'> & { desired?: Desired },
): ConfigFile[] {
  const desired = c.desired ?? { sources: [], indexes: [] };
  if (!desired.indexes.length) return [];
  const used = new Set(desired.indexes.map((i) => i.source));
  const lines = [
    '# Written by the customer portal (Managed Center, Sphinx). Changes here are overwritten.',
    '',
    // Only the sources an index is built from: indexer reads every source it finds.
    ...desired.sources.filter((x) => used.has(x.name)).flatMap((x) => section(`source ${x.name}`, sourceLines(x, c.hostPath))),
    ...desired.indexes.flatMap((i) => section(`index ${i.name}`, indexLines(i, c.hostPath))),
    ...section('indexer', [`mem_limit = ${s.indexerMemLimitMb}M`]),
    ...section('searchd', [
      `listen = 127.0.0.1:${c.prepared?.port ?? defaultPort}`,
      `listen = 127.0.0.1:${c.prepared?.sqlPort ?? defaultSqlPort}:mysql41`,
      `log = ${c.hostPath(logPath)}`,
      ...(s.queryLog ? [`query_log = ${c.hostPath(queryLogPath)}`, `query_log_format = ${s.queryLogFormat}`] : []),
      `pid_file = ${c.hostPath(pidPath)}`,
      `binlog_path = ${c.hostPath(dataDir)}`,
      `max_children = ${s.maxChildren}`,
      `read_timeout = ${s.readTimeoutSeconds}`,
      `client_timeout = ${s.clientTimeoutSeconds}`,
      'seamless_rotate = 1',
    ]),
  ];
  return [{ path: configPath, content: lines.join('\n'), mode: 0o600, secret: true }];
}

/** Whether the configuration has an index `indexer` builds (a plain one: with a `source`); indexer refuses a file without. */
export const hasPlainIndex = (content: string) => /^ {2}source = /m.test(content);

/** indexer's and searchd's complaints in their output (the banner left out). */
const problems = (r: { stdout: string; stderr: string; exitCode: number | null }) =>
  `${r.stdout}\n${r.stderr}`
    .split('\n')
    .filter((l) => /ERROR|FATAL|WARNING/.test(l))
    .join('\n') || `exit ${r.exitCode}`;

/**
 * The check: `indexer --config <file> --all --buildstops /dev/null 1` parses the file as a build would and reads
 * every plain index's source (the query runs, the feed is parsed) but writes no index — a dry run. An unknown
 * key, a source that is missing or cannot be read fails it. A file with real-time indexes only: passed (indexer
 * has nothing to read; searchd's start in the apply checks them).
 */
export async function checkConfig(gateway: ServerGateway): Promise<CheckOutcome> {
  const tool = 'indexer';
  const content = await gateway.readFile(configPath);
  if (content === null) return { status: 'passed', tool, output: 'no configuration' };
  if (!hasPlainIndex(content)) return { status: 'passed', tool, output: 'real-time indexes only: nothing to read' };
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const r = await gateway.run({
    tool,
    args: ['--config', { path: configPath }, '--all', '--buildstops', '/dev/null', '1', '--quiet'],
    timeoutMs: 120_000,
  });
  if (r.exitCode !== 0 || /^(ERROR|FATAL)/m.test(`${r.stdout}\n${r.stderr}`))
    return { status: 'failed', tool, output: problems(r).slice(-20_000) };
  return { status: 'passed', tool, output: 'every source read (indexer dry run)' };
}

/**
 * The apply's reload: searchd stopped (it locks its indexes), the plain indexes built by `indexer --all`, searchd
 * started with the new file — it fails the job (and the family restores the last applied version) when it does
 * not come up. No file: searchd stopped.
 */
export async function reload(gateway: ServerGateway): Promise<CheckOutcome> {
  const control = gateway.service('sphinx');
  const content = await gateway.readFile(configPath);
  await control.stop();
  if (content === null) return { status: 'passed', tool: 'searchd', output: 'no index: stopped' };
  let built = '';
  if (hasPlainIndex(content)) {
    const r = await gateway.run({ tool: 'indexer', args: ['--config', { path: configPath }, '--all', '--quiet'], timeoutMs: 600_000 });
    if (r.exitCode !== 0) return { status: 'failed', tool: 'indexer', output: problems(r).slice(-20_000) };
    built = 'plain indexes built; ';
  }
  const logBefore = (await gateway.readFile(logPath))?.length ?? 0;
  const started = await control.reload();
  if (started.status !== 'passed') return started;
  // searchd starts even when it cannot serve an index (it says `NOT SERVING` in its log): that fails the apply too.
  const served = await startLog(gateway, logBefore);
  if (served) return { status: 'failed', tool: 'searchd', output: served };
  return { ...started, output: `${built}${started.output ?? 'searchd started'}` };
}

/** What searchd logged after `offset` until it accepts connections: its lines about indexes it does not serve, or `''`. */
async function startLog(gateway: ServerGateway, offset: number, waitMs = 5000): Promise<string> {
  for (const deadline = Date.now() + waitMs; ;) {
    const log = ((await gateway.readFile(logPath)) ?? '').slice(offset);
    const bad = log.split('\n').filter((l) => /NOT SERVING|FATAL/.test(l));
    if (bad.length || /accepting connections/.test(log) || Date.now() > deadline) return bad.join('\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sphinxProgram: ProgramDescriptor = {
  id: 'sphinx',
  tool: 'searchd',
  paths: [configPath],
  reads: ['/var/log/sphinxsearch/*', `${feedsDir}/*`],
  privileged: true,
  port: defaultPort,
  validate: (gateway) => checkConfig(gateway),
  // Debian's unit; searchd reads its configuration only when it starts.
  service: { unit: 'sphinxsearch', reload: 'restart' },
  local: {
    dirs: [dataDir, feedsDir, '/var/log/sphinxsearch', '/run/sphinxsearch'],
    pidFile: pidPath,
    args: (env) => ['--config', env.hostPath(configPath)],
    // searchd daemonises and writes its pid file; a reload is a stop and a start.
    start: [],
  },
};

export default definePrograms([sphinxProgram]);
