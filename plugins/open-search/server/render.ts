/**
 * Settings → OpenSearch's files, pure (the files panel shows exactly what an apply writes): `elasticsearch.yml`
 * (a single node on the loopback interface, the cluster name, the required plugins, the snapshot store) and the
 * heap and JVM options in `jvm.options.d/portal.options` (the package's place for options of one's own). Every value
 * has passed the contract's pattern and the SDK's rules (plain tokens), so none changes a file's structure.
 */
import { jvmOptionsLines, pluginList, snapshotPath, type ConfigFile, type ConfigRenderInput } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import { defaultPort, jvmPath, ymlPath } from './program.ts';

/** What `render` needs from the server: the port the REST API listens on. */
export interface Prepared {
  port: number;
}

const header = '# Written by the customer portal (Managed Center, OpenSearch). Changes here are overwritten.';
const list = (items: readonly string[]) => `[${items.map((i) => `"${i}"`).join(', ')}]`;

export function render(s: Settings, c: Pick<ConfigRenderInput<Prepared | undefined>, 'hostPath' | 'prepared'>): ConfigFile[] {
  const plugins = pluginList(s.plugins);
  const yml = [
    header,
    `# OpenSearch ${s.version}: one node, reachable on this server only.`,
    `cluster.name: ${s.clusterName}`,
    'node.name: node-1',
    `path.data: ${c.hostPath('/var/lib/opensearch')}`,
    `path.logs: ${c.hostPath('/var/log/opensearch')}`,
    'network.host: 127.0.0.1',
    `http.port: ${c.prepared?.port ?? defaultPort}`,
    'discovery.type: single-node',
    // Security off on the loopback interface only: nothing outside the server reaches the node.
    'plugins.security.disabled: true',
    `http.max_content_length: ${s.httpMaxContentMb}mb`,
    ...(plugins.length ? [`plugin.mandatory: ${list(plugins)}`] : []),
    ...(s.snapshots ? [`path.repo: ${list([c.hostPath(snapshotPath('opensearch'))])}`] : []),
  ];
  return [
    { path: ymlPath, content: `${yml.join('\n')}\n`, mode: 0o640 },
    { path: jvmPath, content: `${[header, ...jvmOptionsLines(s)].join('\n')}\n`, mode: 0o644 },
  ];
}
