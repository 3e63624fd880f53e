/**
 * What the search engines (Elasticsearch, OpenSearch, Solr) share in their settings: the heap, further JVM
 * options, the plugins (Solr: modules) and the snapshot store, as fields of the config family
 * (`x-config`; a plugin names them `heapMb`, `jvmOptions`, `plugins`, `snapshots`). None of the engines can be
 * started here to check its files, so the rules are the check — at saving (`searchSettingsRules`, 422 with
 * field errors) and again on the rendered files before they are used (`checkSearchFiles`, the program's
 * `validate`). No imports: the plugins' renderers and program descriptors use it.
 */

/** Heap limits in MB: below 256 the engines do not start; above 31 GB the JVM loses compressed object pointers. */
export const heapLimits = { minMb: 256, maxMb: 31_744 } as const;

/**
 * One JVM option the portal passes on: `-XX:[+-]Name[=value]`, `-Dname=value`, `-Xss<size>`, `-Xlog:…`.
 * Values are plain tokens (no spaces, quotes or `$`), so nothing typed can change the file's structure.
 */
const jvmOption =
  /^-(XX:[+-]?[A-Za-z][A-Za-z0-9]{1,80}(=[A-Za-z0-9._:/,+-]{1,200})?|D[a-z][A-Za-z0-9._-]{0,100}=[A-Za-z0-9._:/,+-]{0,200}|Xss[0-9]{1,6}[kmg]|Xlog:[A-Za-z0-9_,=:*+./-]{1,200})$/;
/** The heap is a field of its own: these options are refused among the further ones. */
const heapOption = /^-(Xms|Xmx|XX:(Min|Max|Initial)HeapSize|XX:MaxRAMPercentage)/;

/** The further options as typed (space-separated) → one option each. */
export const jvmOptionList = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** The first problem of the further JVM options, as a key of the SDK's `search.errors` texts. */
export function jvmOptionsProblem(text: string): 'jvm_heap_option' | 'jvm_option' | 'jvm_duplicate' | undefined {
  const options = jvmOptionList(text);
  if (options.some((o) => heapOption.test(o))) return 'jvm_heap_option';
  if (options.some((o) => !jvmOption.test(o))) return 'jvm_option';
  const names = options.map((o) => o.replace(/^-XX:[+-]?/, '-XX:').split('=')[0]);
  return new Set(names).size === names.length ? undefined : 'jvm_duplicate';
}

/** The plugins as typed (`analysis-icu,analysis-phonetic`) → their names. */
export const pluginList = (text: string): string[] => text.split(',').map((p) => p.trim()).filter(Boolean);

/** The first problem of a plugin list against the plugins the engine's pinned versions offer. */
export function pluginsProblem(text: string, offered: readonly string[]): 'unknown_plugin' | 'duplicate_plugin' | undefined {
  const list = pluginList(text);
  if (list.some((p) => !offered.includes(p))) return 'unknown_plugin';
  return new Set(list).size === list.length ? undefined : 'duplicate_plugin';
}

/** The settings every search engine has (field names of its `x-config`). */
export interface SearchSettings {
  heapMb: number;
  jvmOptions: string;
  plugins: string;
}

/** A search engine's dialect as the shared rules need it. */
export interface SearchDialect {
  /** Plugins (Solr: modules) the shop's pinned versions offer. */
  plugins: readonly string[];
}

/**
 * The config family's `rules` for a search engine: JVM options without heap flags and of a known shape, plugins
 * the engine offers, each once → `{ field: ['sdk:search.errors.<key>'] }`.
 */
export function searchSettingsRules(dialect: SearchDialect) {
  return (s: SearchSettings): Record<string, string[]> | undefined => {
    const errors: Record<string, string[]> = {};
    const jvm = jvmOptionsProblem(s.jvmOptions);
    if (jvm) errors.jvmOptions = [`sdk:search.errors.${jvm}`];
    const plugins = pluginsProblem(s.plugins, dialect.plugins);
    if (plugins) errors.plugins = [`sdk:search.errors.${plugins}`];
    return Object.keys(errors).length ? errors : undefined;
  };
}

/** The lines of a `jvm.options.d` file (Elasticsearch, OpenSearch): the same initial and maximum heap, then the further options. */
export function jvmOptionsLines(s: Pick<SearchSettings, 'heapMb' | 'jvmOptions'>): string[] {
  return [`-Xms${s.heapMb}m`, `-Xmx${s.heapMb}m`, ...jvmOptionList(s.jvmOptions)];
}

/** Where an engine's snapshots go: a directory of the server's backup store (the backups module saves `/var/backups`). */
export const snapshotPath = (engine: string): string => `/var/backups/portal/${engine}-snapshots`;

/** The problems of a rendered `jvm.options.d` file: only options, one heap, the same minimum and maximum. */
export function jvmFileProblems(content: string): string[] {
  const lines = content.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const problems = lines.filter((l) => !/^-Xm[sx][0-9]{3,5}m$/.test(l) && (heapOption.test(l) || !jvmOption.test(l))).map((l) => `not an option the portal writes: ${l}`);
  const xms = lines.filter((l) => l.startsWith('-Xms'));
  const xmx = lines.filter((l) => l.startsWith('-Xmx'));
  if (xms.length !== 1 || xmx.length !== 1) problems.push('the heap must be set once (-Xms and -Xmx)');
  else if (xms[0]!.slice(4) !== xmx[0]!.slice(4)) problems.push('initial and maximum heap differ');
  else {
    const mb = Number(xmx[0]!.slice(4, -1));
    if (mb < heapLimits.minMb || mb > heapLimits.maxMb) problems.push(`heap ${mb} MB outside ${heapLimits.minMb}–${heapLimits.maxMb} MB`);
  }
  return problems;
}

/**
 * The problems of a rendered YAML settings file (`elasticsearch.yml`, `opensearch.yml`): every line a comment or
 * `key: value` with a key of the dialect's list, a key once, values without YAML structure (`{`, `[` only as a list of plain words).
 */
export function yamlSettingsProblems(content: string, keys: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const line of content.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const m = /^([a-z][a-z0-9._]*): (.+)$/.exec(line);
    if (!m) problems.push(`not a setting: ${line}`);
    else if (!keys.includes(m[1]!)) problems.push(`not a setting the portal writes: ${m[1]}`);
    else if (seen.has(m[1]!)) problems.push(`set twice: ${m[1]}`);
    else if (!/^("[A-Za-z0-9 ._:/-]*"|[A-Za-z0-9._:/-]+|\[("[A-Za-z0-9._:/-]+"(, )?)*\])$/.test(m[2]!)) problems.push(`not a plain value: ${line}`);
    if (m) seen.add(m[1]!);
  }
  return problems;
}
