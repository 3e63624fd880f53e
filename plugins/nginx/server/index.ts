import { defineServerPlugin } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { seedDemoVhosts } from './fixtures.ts';
import { applySummary, nginxHandlers } from './handlers.ts';
import { Migration20261122140000NginxDomains } from './migrations/Migration20261122140000NginxDomains.ts';
import { NginxAuthentication } from './NginxAuthentication.ts';
import { NginxRedirect } from './NginxRedirect.ts';
import { NginxVhost } from './NginxVhost.ts';
import { loadState, restoreState } from './state.ts';
import { prepareNginx, renderNginx, type NginxPrepared } from './config.ts';
import programs from './program.ts';
import { LogTails } from './tail.ts';

/** nginx: domains, redirects, basic authentication and directives as desired state; rendered, checked with `nginx -t` and applied as a job. */
export default defineServerPlugin<Operations, NginxPrepared>({
  entities: [NginxVhost, NginxRedirect, NginxAuthentication],
  migrations: [Migration20261122140000NginxDomains],
  programs,
  steps: { service: 'nginx' },
  handlers(ports) {
    const tails = new LogTails({ gateway: (id) => ports.gateway(id), publish: (id, type, payload) => ports.events.publish(id, type, payload), logger: ports.logger });
    return nginxHandlers(ports, tails);
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
  applySummary,
  fixtures: (c) => seedDemoVhosts(c),
});
