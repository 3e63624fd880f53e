/**
 * OpenSearch as this plugin runs it: the paths it owns on a server (the OpenSearch Debian package layout), how a
 * configuration is checked — by the portal's rules (`checkSearchFiles` of the SDK's search part: the engine has
 * no check mode and cannot be started here) — and how it takes a new one (`systemctl restart opensearch`). No
 * private instance on the `local` gateway: there the files are written and checked, nothing runs. Imports only
 * the SDK's program entry at load time (the generator reads the paths).
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export const ymlPath = '/etc/opensearch/opensearch.yml';
export const jvmPath = '/etc/opensearch/jvm.options.d/portal.options';
/** Where the engine's REST API listens on a real server; the `local` gateway gives each server a loopback port. */
export const defaultPort = 9200;

/** The keys `render` writes into `opensearch.yml` (the check refuses any other). */
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
  'plugins.security.disabled',
] as const;

export default definePrograms([
  {
    id: 'opensearch',
    paths: [ymlPath, jvmPath],
    reads: ['/var/log/opensearch/*'],
    privileged: true,
    port: defaultPort,
    // Loaded when it runs: the generator reads this file for the paths alone.
    validate: async (_gateway, files) => (await import('@portal/plugin-sdk/server')).checkSearchFiles(files, { yamlKeys }),
    service: { unit: 'opensearch', reload: 'restart' },
  },
]);
