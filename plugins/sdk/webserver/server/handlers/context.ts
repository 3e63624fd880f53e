/** What the family's handlers read of a request (a member's `PluginContext` of the mapped operation has it). */
import type { ManagedServer, PluginDatabase } from '../../../server.ts';
import { notFound, validationFailed, type FieldErrors } from '../../../errors.ts';
import type { VhostState, WebServerState } from '../../shared/state.ts';

export interface SiteContext<Params = unknown, Query = unknown, Body = unknown> {
  params: Params;
  query: Query;
  body: Body;
  em: PluginDatabase;
  server: ManagedServer;
}

/** The site `id` of the state, or 404 `<id>:errors.vhost_not_found`. */
export function vhostOf(pluginId: string, state: WebServerState, id: number): VhostState {
  const v = state.vhosts.find((x) => x.id === id);
  if (!v) throw notFound(`${pluginId}:errors.vhost_not_found`);
  return v;
}

/** 422 with the rules' field errors, if any. */
export function refuse(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw validationFailed(errors);
}
