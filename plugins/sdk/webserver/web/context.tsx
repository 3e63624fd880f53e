/**
 * What the web server family's pages know of the member they serve: its id (namespace, section, test ids),
 * its generated API and client, its directive whitelist and the name of its configuration syntax. The
 * member's `web/index.tsx` passes them once (`webServerRoutes`); the pages reach the member's operations by
 * the family's names (`list<Pascal>Vhosts`, …), typed with the family's views.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { CallResult, PluginClient } from '../../web/client.ts';
import { usePluginTranslation, type TypedT } from '../../web/kit/usePluginTranslation.ts';
import type { FamilyTranslationKey } from '../generated/i18n.ts';
import type { QueryLike } from '../../web/kit/States.tsx';
import type { DirectiveWhitelist } from '../shared/index.ts';
import type { AuthenticationView, CertificateView, ConfigView, LogPageView, RedirectView, SiteView, StatusView } from '../server/views.ts';
import type { LogKind } from '../shared/logs.ts';
import type { AuthenticationInput, RedirectInput, VhostInput } from '../shared/rules.ts';

/** A member's generated RTK Query API (`<camel>Api` of `generated/client.ts`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the endpoints of any member's generated API
export type WebServerApiObject = { endpoints: Record<string, any> };

export interface WebServerWebOptions {
  /** The plugin id: i18n namespace, section, test ids (`<id>-vhost-row`). */
  pluginId: string;
  api: WebServerApiObject;
  client: PluginClient;
  /** The dialect's whitelist of additional directives (the form offers and checks them). */
  directives: DirectiveWhitelist;
  /** The configuration's syntax for the config page's code views (e.g. `nginx`, `apache`). */
  syntax: string;
}

const Context = createContext<WebServerWebOptions | null>(null);

export function WebServerProvider({ options, children }: { options: WebServerWebOptions; children: ReactNode }) {
  return <Context.Provider value={options}>{children}</Context.Provider>;
}

/** The member the family's pages serve. */
export function useWebServer(): WebServerWebOptions {
  const options = useContext(Context);
  if (!options) throw new Error('the web server pages need a WebServerProvider (webServerRoutes)');
  return options;
}

type Server = { clusterId: number; serverId: number };
type Query<A, R> = (args: A, options?: { skip?: boolean }) => QueryLike<R> & { isFetching: boolean };
type Mutation<A, R> = () => readonly [(args: A) => CallResult<R>, { isLoading: boolean }];

/** The member's operations under the family's names. */
export interface WebServerApi {
  useStatus: Query<Server, StatusView>;
  useConfig: Query<Server, ConfigView>;
  useVhosts: Query<Server, { data: SiteView[] }>;
  useVhost: Query<Server & { vhostId: number }, SiteView>;
  useCreateVhost: Mutation<Server & { body: VhostInput }, SiteView>;
  useUpdateVhost: Mutation<Server & { vhostId: number; body: VhostInput }, SiteView>;
  useDeleteVhost: Mutation<Server & { vhostId: number }, unknown>;
  useRedirects: Query<Server, { data: RedirectView[] }>;
  useCreateRedirect: Mutation<Server & { body: RedirectInput }, RedirectView>;
  useUpdateRedirect: Mutation<Server & { redirectId: number; body: RedirectInput }, RedirectView>;
  useDeleteRedirect: Mutation<Server & { redirectId: number }, unknown>;
  useAuthentications: Query<Server, { data: AuthenticationView[] }>;
  useCreateAuthentication: Mutation<Server & { body: AuthenticationInput }, AuthenticationView>;
  useUpdateAuthentication: Mutation<Server & { authenticationId: number; body: AuthenticationInput }, AuthenticationView>;
  useDeleteAuthentication: Mutation<Server & { authenticationId: number }, unknown>;
  useCertificates: Query<Server, { data: CertificateView[] }>;
  useLogEntries: Query<Server & { vhostId: number; kind: LogKind; query?: { search?: string; page?: number; per_page?: number } }, LogPageView>;
  useStartLogTail: Mutation<Server & { vhostId: number; kind: LogKind; query?: { tailId?: string } }, { tailId: string; expiresAt: string }>;
  useStopLogTail: Mutation<Server & { vhostId: number; kind: LogKind; tailId: string }, unknown>;
}

const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());

/** The family's operations of a member's API (its operation ids are `<verb><Pascal><Resource>`). */
export function webServerApi(api: WebServerApiObject, pluginId: string): WebServerApi {
  const p = pascal(pluginId);
  const endpoint = (id: string) => {
    const e = api.endpoints[id];
    if (!e) throw new Error(`${pluginId}: the API has no endpoint ${id} (run npm run generate)`);
    return e;
  };
  const q = (id: string) => ((args: unknown, options?: unknown) => endpoint(id).useQuery(args, options)) as never;
  const m = (id: string) => (() => endpoint(id).useMutation()) as never;
  return {
    useStatus: q(`get${p}Status`),
    useConfig: q(`get${p}Config`),
    useVhosts: q(`list${p}Vhosts`),
    useVhost: q(`get${p}Vhost`),
    useCreateVhost: m(`create${p}Vhost`),
    useUpdateVhost: m(`update${p}Vhost`),
    useDeleteVhost: m(`delete${p}Vhost`),
    useRedirects: q(`list${p}Redirects`),
    useCreateRedirect: m(`create${p}Redirect`),
    useUpdateRedirect: m(`update${p}Redirect`),
    useDeleteRedirect: m(`delete${p}Redirect`),
    useAuthentications: q(`list${p}Authentications`),
    useCreateAuthentication: m(`create${p}Authentication`),
    useUpdateAuthentication: m(`update${p}Authentication`),
    useDeleteAuthentication: m(`delete${p}Authentication`),
    useCertificates: q(`list${p}Certificates`),
    useLogEntries: q(`list${p}LogEntries`),
    useStartLogTail: m(`start${p}LogTail`),
    useStopLogTail: m(`stop${p}LogTail`),
  };
}

/** The member's operations, for the family's pages. */
export function useWebServerApi(): WebServerApi {
  const { api, pluginId } = useWebServer();
  return webServerApi(api, pluginId);
}

/** `t` of a member's namespace with the family texts' keys (the member's own texts only override them). */
export type FamilyT = TypedT<FamilyTranslationKey>;

/** The translation hook of the family's pages: the member's namespace is known at run time, its keys are the family's. */
export const useFamilyT = (pluginId: string) => usePluginTranslation<FamilyTranslationKey>(pluginId);
