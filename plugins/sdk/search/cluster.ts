/**
 * The cluster-state port of the search engines: a dialect reads its engine through the engine's REST API (the
 * official clients for Elasticsearch and OpenSearch, Solr's admin API with `fetch`) into the same shape — the
 * contract's `SearchCluster` with its `SearchIndex` rows (indices; Solr: cores) — and `readSearchCluster` turns
 * "the engine does not answer" into `reachable: false` instead of an error, so a panel shows a stopped engine
 * as such. The engine is asked when a panel asks, never in an apply.
 */
import type { CheckOutcome, ConfigFile } from '../gateway.ts';
import { jvmFileProblems, pluginList, yamlSettingsProblems } from './settings.ts';

/** Health as the engines say it (Solr: a core that failed to load is red). */
export type SearchHealth = 'green' | 'yellow' | 'red';

/** One index (Solr: core) of the engine. */
export interface SearchIndex {
  name: string;
  health: SearchHealth;
  status: 'open' | 'closed';
  documents: number;
  sizeBytes: number;
  primaries: number;
  replicas: number;
}

/** What a dialect reads from its engine. */
export interface SearchClusterReading {
  version: string;
  clusterName: string;
  status: SearchHealth;
  nodes: number;
  indices: SearchIndex[];
  /** Installed plugins (Solr: enabled modules). */
  plugins: string[];
  /** The snapshot repository the portal registers (`null`: none registered). */
  snapshotRepository: { name: string; location: string } | null;
}

/** The contract's `SearchCluster`: the reading, the desired plugins it lacks, or `reachable: false`. */
export type SearchCluster = { reachable: false } | ({ reachable: true; missingPlugins: string[] } & SearchClusterReading);

/** A dialect's reader of the cluster state: one reading, rejecting when the engine does not answer. */
export type SearchClusterReader = () => Promise<SearchClusterReading>;

/** `green`/`yellow`/`red` as the engines write it (any case); anything else counts as red. */
export const searchHealth = (value: unknown): SearchHealth => {
  const s = String(value ?? '').toLowerCase();
  return s === 'green' || s === 'yellow' ? s : 'red';
};

/** A count or size the engines send as a string (`_cat` APIs) or number → a whole number, 0 when absent. */
export const countOf = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : 0;
};

/**
 * Reads the cluster through the dialect; an engine that does not answer (refused, timed out, an error status)
 * is `reachable: false` (logged at debug with the reason). `wanted`: the desired plugins (the `plugins` setting).
 */
export async function readSearchCluster(
  read: SearchClusterReader,
  wanted: string,
  logger?: { debug(obj: object, msg: string): void },
): Promise<SearchCluster> {
  try {
    const reading = await read();
    const indices = [...reading.indices].sort((a, b) => a.name.localeCompare(b.name)).slice(0, 1000);
    return { reachable: true, ...reading, indices, missingPlugins: pluginList(wanted).filter((p) => !reading.plugins.includes(p)) };
  } catch (e) {
    logger?.debug({ reason: (e as Error).message?.slice(0, 200) }, 'search engine not reachable');
    return { reachable: false };
  }
}

/**
 * The check of a search engine's rendered files before they are used (the program's `validate`; the engines
 * cannot be started here): `jvm.options.d` files and the YAML settings by their rules, every other file by
 * `more`. Tool `rules`: the outcome names what the check was.
 */
export function checkSearchFiles(
  files: readonly ConfigFile[],
  c: { yamlKeys?: readonly string[]; more?: (file: ConfigFile) => string[] },
): Promise<CheckOutcome> {
  const problems = files.flatMap((f) => {
    const found = f.path.endsWith('.options')
      ? jvmFileProblems(f.content)
      : f.path.endsWith('.yml') && c.yamlKeys
        ? yamlSettingsProblems(f.content, c.yamlKeys)
        : (c.more?.(f) ?? []);
    return found.map((p) => `${f.path}: ${p}`);
  });
  return Promise.resolve(
    problems.length
      ? { status: 'failed', tool: 'rules', output: problems.join('\n') }
      : { status: 'passed', tool: 'rules', output: `${files.length} file(s) checked by the portal's rules` },
  );
}
