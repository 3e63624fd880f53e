import { defineServerPlugin } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { seedDemoVhosts } from './fixtures.ts';
import { webServerHandlers } from '@portal/plugin-sdk/webserver';
import { nginx } from './dialect.ts';
import { Migration20261122140000NginxDomains } from './migrations/Migration20261122140000NginxDomains.ts';
import { Migration20261205090000NginxProxyLocations } from './migrations/Migration20261205090000NginxProxyLocations.ts';
import { loadState, NginxAuthentication, NginxRedirect, NginxVhost, restoreState } from './state.ts';
import { prepareNginx, renderNginx, type NginxPrepared } from './config.ts';
import programs from './program.ts';

/** nginx: domains, redirects, basic authentication and directives as desired state; rendered, checked with `nginx -t` and applied as a job. */
export default defineServerPlugin<Operations, NginxPrepared>({
  entities: [NginxVhost, NginxRedirect, NginxAuthentication],
  migrations: [Migration20261122140000NginxDomains, Migration20261205090000NginxProxyLocations],
  programs,
  steps: { service: 'nginx' },
  handlers(ports) {
    // The web server family's handlers, one file per resource in @portal/plugin-sdk/webserver.
    const { config, vhosts, redirects, authentications, certificates, logs, proxies } = webServerHandlers(nginx.kit(ports));
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
      listNginxProxyLocations: proxies.list,
      publishNginxProxyLocation: proxies.publish,
      unpublishNginxProxyLocation: proxies.unpublish,
    };
  },
  // Before the job's transaction: self-signed certificates (on an apply), listen addresses, certificate statuses.
  prepare: async ({ em, server, gateway, logger, purpose }) => prepareNginx(gateway, server.customer.number, await loadState(em, server.id), { generate: purpose === 'apply', logger }),
  render: async ({ em, server, prepared, hostPath }) => renderNginx(await loadState(em, server.id), prepared, hostPath),
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
