/**
 * Elasticsearch as this plugin runs it: the paths it owns on a server (Debian/Elastic package layout), how a
 * configuration is checked — by the portal's rules (`checkSearchFiles` of the SDK's search part: the engine
 * has no check mode and cannot be started here) — and how it takes a new one (`systemctl restart
 * elasticsearch`; the engine reads its files only when it starts). No private instance on the `local` gateway:
 * there the files are written and checked, nothing runs. Imports only the SDK's program entry at load time (the
 * generator reads the paths).
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export const ymlPath = '/etc/elasticsearch/elasticsearch.yml';
export const jvmPath = '/etc/elasticsearch/jvm.options.d/portal.options';
/** Where the engine's REST API listens on a real server; the `local` gateway gives each server a loopback port. */
export const defaultPort = 9200;

/** The keys `render` writes into `elasticsearch.yml` (the check refuses any other). */
export const yamlKeys = [
  'cluster.name',
  'node.name',
  'path.data',
  'path.logs',
  'path.repo',
  'network.host',
  'http.port',
  'discovery.type',
  'http.max_content_length',
  'plugin.mandatory',
  'xpack.security.enabled',
] as const;

export default definePrograms([
  {
    id: 'elasticsearch',
    paths: [ymlPath, jvmPath],
    reads: ['/var/log/elasticsearch/*'],
    privileged: true,
    port: defaultPort,
    // Loaded when it runs: the generator reads this file for the paths alone.
    validate: async (_gateway, files) => (await import('@portal/plugin-sdk/server')).checkSearchFiles(files, { yamlKeys }),
    service: { unit: 'elasticsearch', reload: 'restart' },
  },
]);
