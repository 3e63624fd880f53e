import { defineServerPlugin } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { seedDemoVhosts } from './fixtures.ts';
import { webServerHandlers } from '@portal/plugin-sdk/webserver';
import { nginx } from './dialect.ts';
import { Migration20261122140000NginxDomains } from './migrations/Migration20261122140000NginxDomains.ts';
import { loadState, NginxAuthentication, NginxRedirect, NginxVhost, restoreState } from './state.ts';
import { generateCertificates } from './certificates.ts';
import { desiredFiles } from './config.ts';
import { htpasswdFiles } from './render.ts';

/** nginx: domains, redirects, basic authentication and directives as desired state; rendered, checked with `nginx -t` and applied as a job. */
export default defineServerPlugin<Operations>({
  entities: [NginxVhost, NginxRedirect, NginxAuthentication],
  migrations: [Migration20261122140000NginxDomains],
  steps: { service: 'nginx' },
  handlers(ports) {
    // The web server family's handlers, one file per resource in @portal/plugin-sdk/webserver.
    const { config, vhosts, redirects, authentications, certificates, logs } = webServerHandlers(nginx.kit(ports));
    return {
      getNginxStatus: config.status,
      getNginxConfig: config.config,
      listNginxVhosts: vhosts.list,
      getNginxVhost: vhosts.get,
      createNginxVhost: vhosts.create,
      updateNginxVhost: vhosts.update,
      deleteNginxVhost: vhosts.remove,
      listNginxRedirects: redirects.list,
      createNginxRedirect: redirects.create,
      updateNginxRedirect: redirects.update,
      deleteNginxRedirect: redirects.remove,
      listNginxAuthentications: authentications.list,
      createNginxAuthentication: authentications.create,
      updateNginxAuthentication: authentications.update,
      deleteNginxAuthentication: authentications.remove,
      listNginxCertificates: certificates.list,
      listNginxLogEntries: logs.entries,
      startNginxLogTail: logs.startTail,
      stopNginxLogTail: logs.stopTail,
    };
  },
  render: async ({ em, server, gateway, logger }) => {
    const state = await loadState(em, server.id);
    try {
      await generateCertificates(gateway, server.customer.number, state.vhosts.flatMap((v) => (v.certificate ? [v.certificate] : [])));
    } catch (e) {
      // HTTPS of those domains is left out (rendered as a comment); the rest applies.
      logger.warn({ err: e, serverId: server.id }, 'creating self-signed certificates failed');
    }
    const { files } = await desiredFiles(gateway, server.customer.number, state);
    // Password files are part of the version (restored with it), never shown in a diff.
    return [...files, ...htpasswdFiles(state).map((f) => ({ ...f, mode: 0o640, owner: 'root', group: 'www-data', secret: true }))];
  },
  // Its own snapshot format (the state as JSON) since the first version: older versions stay restorable.
  snapshot: ({ em, server }) => loadState(em, server.id),
  // Without a snapshot nothing was applied before: back to the initial state, which for a demo server is its demo domains.
  restore: async (c, snapshot) => {
    await restoreState(c.em, c.server.id, snapshot);
    if (snapshot === null) await seedDemoVhosts(c);
  },
  applySummary: nginx.applySummary,
  fixtures: (c) => seedDemoVhosts(c),
});
