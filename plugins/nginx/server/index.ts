import { defineServerPlugin } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { seedDemoVhosts } from './fixtures.ts';
import { nginxHandlers } from './handlers.ts';
import { Migration20261122140000NginxDomains } from './migrations/Migration20261122140000NginxDomains.ts';
import { NginxAuthentication } from './NginxAuthentication.ts';
import { NginxRedirect } from './NginxRedirect.ts';
import { NginxVhost } from './NginxVhost.ts';
import { restoreState } from './state.ts';
import { LogTails } from './tail.ts';

/** nginx: domains, redirects, basic authentication and directives as desired state; rendered, checked with `nginx -t` and applied as a job. */
export default defineServerPlugin<Operations>({
  entities: [NginxVhost, NginxRedirect, NginxAuthentication],
  migrations: [Migration20261122140000NginxDomains],
  // Rollbacks replay an older version through the gateway's nginx steps too.
  steps: { service: 'nginx' },
  handlers(ports) {
    const tails = new LogTails({ gateway: (id) => ports.gateway(id), publish: (id, type, payload) => ports.events.publish(id, type, payload), logger: ports.logger });
    return nginxHandlers(ports, tails);
  },
  // Without a snapshot nothing was applied before: back to the initial state, which for a demo server is its demo domains.
  restore: async (c, snapshot) => {
    await restoreState(c.em, c.server.id, snapshot);
    if (snapshot === null) await seedDemoVhosts(c);
  },
  fixtures: (c) => seedDemoVhosts(c),
});
