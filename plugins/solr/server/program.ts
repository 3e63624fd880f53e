/**
 * Solr as this plugin runs it: the paths it owns on a server (the layout of Solr's service installer:
 * `/etc/default/solr.in.sh`, cores below `/var/solr/data`), how a configuration is checked — by the portal's rules
 * (the SDK's search part; Solr has no check mode and cannot be started here) — and how it takes a new one
 * (`systemctl restart solr`: it reads `solr.in.sh` and discovers cores only when it starts). No private instance on
 * the `local` gateway: there the files are written and checked, nothing runs. Imports only the SDK's program
 * entry at load time (the generator reads the paths).
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export const includePath = '/etc/default/solr.in.sh';
export const dataDir = '/var/solr/data';
/** The core discovery file of one core. */
export const corePath = (name: string) => `${dataDir}/${name}/core.properties`;
/** Where Solr listens on a real server; the `local` gateway gives each server a loopback port. */
export const defaultPort = 8983;

/** The variables `render` writes into `solr.in.sh` (the check refuses any other line). */
export const includeVariables = ['SOLR_HEAP', 'SOLR_JETTY_HOST', 'SOLR_PORT', 'SOLR_HOME', 'SOLR_LOGS_DIR', 'SOLR_PID_DIR', 'SOLR_MODULES', 'SOLR_OPTS'] as const;

export default definePrograms([
  {
    id: 'solr',
    paths: [includePath, `${dataDir}/*/core.properties`],
    reads: ['/var/solr/logs/*'],
    privileged: true,
    port: defaultPort,
    // Loaded when it runs: the generator reads this file for the paths alone.
    validate: async (_gateway, files) => {
      const { checkSearchFiles } = await import('@portal/plugin-sdk/server');
      const { solrFileProblems } = await import('./render.ts');
      return checkSearchFiles(files, { more: solrFileProblems });
    },
    service: { unit: 'solr', reload: 'restart' },
  },
]);
