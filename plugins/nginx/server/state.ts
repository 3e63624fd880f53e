/**
 * The desired nginx state of one server: the family's entities with nginx's tables (`nginx_vhosts`,
 * `nginx_redirects`, `nginx_authentications`) and its state as plain data — what the renderer reads, what
 * an apply keeps as its snapshot, and what `restore` puts back after a rollback.
 */
import type { PluginDatabase } from '@portal/plugin-sdk/server';
import { isWebServerState } from '@portal/plugin-sdk/webserver';
import { nginx } from './dialect.ts';

export type { AuthenticationState, RedirectState, VhostState, WebServerState as NginxState } from '@portal/plugin-sdk/webserver';

export const { Vhost: NginxVhost, Redirect: NginxRedirect, Authentication: NginxAuthentication } = nginx.entities;

/** The server's domains with their redirects and authentications, in a stable order. */
export const loadState = (em: PluginDatabase, serverId: number) => nginx.state.load(em, serverId);

/** Replaces the server's desired state with a snapshot, or with the empty state (`null`). In the caller's transaction. */
export const restoreState = (em: PluginDatabase, serverId: number, snapshot: unknown) => nginx.state.restore(em, serverId, snapshot);

export const isNginxState = isWebServerState;
