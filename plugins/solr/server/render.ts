/**
 * Desired state → Solr's files, pure (the files panel shows exactly what an apply writes): `solr.in.sh` (heap,
 * loopback host and port, modules, further options, the backup store as an allowed path) and one
 * `core.properties` per core (core discovery: name and config set). Every value has passed the contract's patterns
 * and the SDK's rules (plain tokens, no quotes or `$`), so none changes the shell file's structure; `solrFileProblems`
 * checks the rendered files again before they are used.
 */
import { heapLimits, jvmOptionList, pluginList, snapshotPath, type ConfigFile, type ConfigRenderInput } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import { solrCoreResource } from '../generated/resources.ts';
import { corePath, dataDir, defaultPort, includePath, includeVariables } from './program.ts';

/** What `render` needs from the server: the port Solr listens on. */
export interface Prepared {
  port: number;
}

/** The cores of the desired state. */
export interface Cores {
  cores: { name: string; configSet: string }[];
}

const header = '# Written by the customer portal (Managed Center, Solr). Changes here are overwritten.';

export function render(s: Settings, c: Pick<ConfigRenderInput<Prepared | undefined>, 'hostPath' | 'prepared'> & { desired: Cores | undefined }): ConfigFile[] {
  const options = [...jvmOptionList(s.jvmOptions), ...(s.snapshots ? [`-Dsolr.allowPaths=${c.hostPath(snapshotPath('solr'))}`] : [])];
  const modules = pluginList(s.plugins);
  const include = [
    header,
    `# Solr ${s.version}: standalone, reachable on this server only.`,
    `SOLR_HEAP="${s.heapMb}m"`,
    'SOLR_JETTY_HOST="127.0.0.1"',
    `SOLR_PORT="${c.prepared?.port ?? defaultPort}"`,
    `SOLR_HOME="${c.hostPath(dataDir)}"`,
    `SOLR_LOGS_DIR="${c.hostPath('/var/solr/logs')}"`,
    `SOLR_PID_DIR="${c.hostPath('/var/solr')}"`,
    ...(modules.length ? [`SOLR_MODULES="${modules.join(',')}"`] : []),
    ...(options.length ? [`SOLR_OPTS="$SOLR_OPTS ${options.join(' ')}"`] : []),
  ];
  return [
    { path: includePath, content: `${include.join('\n')}\n`, mode: 0o644 },
    ...(c.desired?.cores ?? []).map((core) => ({
      path: corePath(core.name),
      content: `${header}\nname=${core.name}\nconfigSet=${core.configSet}\n`,
      mode: 0o644,
    })),
  ];
}

const coreName = new RegExp(solrCoreResource.fields.name.pattern);
const configSets: readonly string[] = solrCoreResource.fields.configSet.enum;

/** The problems of a rendered Solr file (the check before it is used): only the variables and keys `render` writes, plain values. */
export function solrFileProblems(file: ConfigFile): string[] {
  const lines = file.content.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  if (file.path.endsWith('/core.properties')) {
    const name = /^name=(.*)$/.exec(lines[0] ?? '')?.[1];
    const set = /^configSet=(.*)$/.exec(lines[1] ?? '')?.[1];
    if (lines.length !== 2 || !name || !coreName.test(name) || !set || !configSets.includes(set)) return ['a core needs exactly a valid name= and configSet='];
    return file.path === corePath(name) ? [] : ['name= is not the core directory'];
  }
  const problems: string[] = [];
  for (const line of lines) {
    const m = /^([A-Z_]+)="(\$SOLR_OPTS )?([^"$`\\]*)"$/.exec(line);
    if (!m || !(includeVariables as readonly string[]).includes(m[1]!)) problems.push(`not a variable the portal writes: ${line}`);
    else if (m[1] === 'SOLR_HEAP') {
      const mb = Number(/^(\d+)m$/.exec(m[3]!)?.[1]);
      if (!(mb >= heapLimits.minMb && mb <= heapLimits.maxMb)) problems.push(`heap outside ${heapLimits.minMb}–${heapLimits.maxMb} MB: ${m[3]}`);
    }
  }
  if (!lines.some((l) => l.startsWith('SOLR_HEAP='))) problems.push('the heap must be set (SOLR_HEAP)');
  return problems;
}
