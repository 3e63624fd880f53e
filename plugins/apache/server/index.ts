import { defineServerPlugin } from '@portal/plugin-sdk/server';
import { webServerHandlers } from '@portal/plugin-sdk/webserver';
import type { Operations } from '../generated/operations.ts';
import { prepareApache, renderApache, type ApachePrepared } from './config.ts';
import { apache } from './dialect.ts';
import { seedDemoSitesOf } from './fixtures.ts';
import { Migration20261128090000ApacheSites } from './migrations/Migration20261128090000ApacheSites.ts';
import { Migration20261205090000ApacheProxyLocations } from './migrations/Migration20261205090000ApacheProxyLocations.ts';
import programs from './program.ts';

const { Vhost, Redirect, Authentication } = apache.entities;
const load = apache.state.load;

/** apache: sites, redirects, basic authentication and directives as desired state; rendered, checked with `apache2 -t` on a staged copy and applied as a job. */
export default defineServerPlugin<Operations, ApachePrepared>({
  entities: [Vhost, Redirect, Authentication],
  migrations: [Migration20261128090000ApacheSites, Migration20261205090000ApacheProxyLocations],
  programs,
  steps: { service: 'apache' },
  handlers(ports) {
    // The web server family's handlers, one file per resource in @portal/plugin-sdk/webserver.
    const { config, vhosts, redirects, authentications, certificates, logs, proxies } = webServerHandlers(apache.kit(ports));
    return {
      getApacheStatus: config.status,
      getApacheConfig: config.config,
      listApacheVhosts: vhosts.list,
      getApacheVhost: vhosts.get,
      createApacheVhost: vhosts.create,
      updateApacheVhost: vhosts.update,
      deleteApacheVhost: vhosts.remove,
      listApacheRedirects: redirects.list,
      createApacheRedirect: redirects.create,
      updateApacheRedirect: redirects.update,
      deleteApacheRedirect: redirects.remove,
      listApacheAuthentications: authentications.list,
      createApacheAuthentication: authentications.create,
      updateApacheAuthentication: authentications.update,
      deleteApacheAuthentication: authentications.remove,
      listApacheCertificates: certificates.list,
      listApacheLogEntries: logs.entries,
      startApacheLogTail: logs.startTail,
      stopApacheLogTail: logs.stopTail,
      listApacheProxyLocations: proxies.list,
      publishApacheProxyLocation: proxies.publish,
      unpublishApacheProxyLocation: proxies.unpublish,
    };
  },
  // Before the job's transaction: self-signed certificates (on an apply), listen addresses, certificate statuses.
  prepare: async ({ em, server, gateway, logger, purpose }) => prepareApache(gateway, server.customer.number, await load(em, server.id), { generate: purpose === 'apply', logger }),
  render: async ({ em, server, prepared, hostPath }) => renderApache(await load(em, server.id), prepared, hostPath),
  snapshot: ({ em, server }) => load(em, server.id),
  // Without a snapshot nothing was applied before: back to the initial state, which for a demo server is its demo sites.
  restore: async (c, snapshot) => {
    await apache.state.restore(c.em, c.server.id, snapshot);
    if (snapshot === null) await seedDemoSitesOf(c);
  },
  applySummary: apache.applySummary,
  fixtures: (c) => seedDemoSitesOf(c),
});
