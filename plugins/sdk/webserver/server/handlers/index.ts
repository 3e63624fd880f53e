/** Every resource's handlers of one member, grouped by resource (a member maps them to its operationIds). */
import type { WebServerKit } from '../dialect.ts';
import { authenticationHandlers } from './authentications.ts';
import { certificateHandlers } from './certificates.ts';
import { configHandlers } from './config.ts';
import { logHandlers } from './logs.ts';
import { proxyHandlers } from './proxies.ts';
import { redirectHandlers } from './redirects.ts';
import { vhostHandlers } from './vhosts.ts';

export function webServerHandlers<D extends string, P extends string>(kit: WebServerKit<D, P>) {
  return {
    config: configHandlers<P>(kit),
    vhosts: vhostHandlers<D>(kit),
    redirects: redirectHandlers(kit),
    authentications: authenticationHandlers(kit),
    certificates: certificateHandlers(kit),
    logs: logHandlers(kit),
    proxies: proxyHandlers(kit),
  };
}
