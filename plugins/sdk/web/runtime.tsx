/** The Managed Center's runtime shared by the SDK's components and the plugins (no re-exports: no import cycles). */
import { buildCreateApi, coreModule, fetchBaseQuery, reactHooksModule, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { configureStore } from '@reduxjs/toolkit';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { createDispatchHook, createSelectorHook, createStoreHook, Provider, type ReactReduxContextValue } from 'react-redux';
import type { ManagedHost } from './types.ts';
import { ReadOnlyProvider } from './readOnlyContext.tsx';
import type { ServerEventType, ServerEvents } from './events.ts';

/** How the host's API calls behave (CSRF header, client id, session loss, maintenance); installed by the host. */
export interface HostBridge {
  prepareHeaders(headers: Headers): Headers;
  onResult(result: { error?: FetchBaseQueryError }, url: string): void;
}

let bridge: HostBridge = { prepareHeaders: (h) => h, onResult: () => undefined };

/** The host installs its request behaviour once (plugins never call this). */
export function installHostBridge(next: HostBridge): void {
  bridge = next;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/', credentials: 'same-origin', prepareHeaders: (h) => bridge.prepareHeaders(h) });

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  bridge.onResult(result, typeof args === 'string' ? args : args.url);
  return result;
};

// The Managed Center has a store of its own, reached through its own React-Redux context, so plugins
// never touch the portal's store and the host's store needs no knowledge of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's state type is the API's
const ManagedReduxContext = createContext<ReactReduxContextValue<any> | null>(null);

const useManagedDispatchHook = createDispatchHook(ManagedReduxContext);

/** Dispatches into the Managed Center's store, e.g. `managedApi.util.invalidateTags([...])` after a job. */
export const useManagedDispatch = () => useManagedDispatchHook();

const createManagedApi = buildCreateApi(
  coreModule(),
  reactHooksModule({
    hooks: {
      useDispatch: useManagedDispatchHook,
      useSelector: createSelectorHook(ManagedReduxContext),
      useStore: createStoreHook(ManagedReduxContext),
    },
  }),
);

/**
 * The RTK Query API of the Managed Center. A plugin injects its endpoints (typed with
 * `ResponseOf`/`BodyOf`/`QueryOf` from `@portal/openapi`) and its tag types:
 * `managedApi.enhanceEndpoints({ addTagTypes: ['NginxVhosts'] }).injectEndpoints({ endpoints: (b) => ({...}) })`.
 */
export const managedApi = createManagedApi({
  reducerPath: 'managedApi',
  baseQuery,
  tagTypes: ['ManagedJob', 'ManagedChanges', 'ManagedDashboard'],
  endpoints: () => ({}),
});

/** The host creates the Managed Center's store once. */
export function createManagedStore() {
  return configureStore({
    reducer: { [managedApi.reducerPath]: managedApi.reducer },
    middleware: (getDefault) => getDefault().concat(managedApi.middleware),
  });
}

const HostContext = createContext<ManagedHost | null>(null);

/** The host wraps the Managed Center in this (plugins never render it). */
export function ManagedHostProvider({ host, store, children }: { host: ManagedHost; store: ReturnType<typeof createManagedStore>; children: ReactNode }) {
  return (
    <Provider store={store} context={ManagedReduxContext}>
      <HostContext.Provider value={host}>
        <ReadOnlyProvider readOnly={host.readOnly === true}>{children}</ReadOnlyProvider>
      </HostContext.Provider>
    </Provider>
  );
}

/** The host's context: the server, paths, notices, real-time events. */
export function useManagedHost(): ManagedHost {
  const host = useContext(HostContext);
  if (!host) throw new Error('useManagedHost() outside the Managed Center');
  return host;
}

/** The server the Managed Center shows. */
export const useManagedServer = () => useManagedHost().server;

/**
 * Calls `listener` for every real-time event of this type for the shown server. The payload is typed
 * by `ServerEvents` (platform events, and what plugins declare by augmenting it).
 */
export function useServerEvent<K extends ServerEventType>(type: K, listener: (payload: ServerEvents[K]) => void): void {
  const { subscribe } = useManagedHost();
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => subscribe(type, (p) => ref.current(p as ServerEvents[K])), [subscribe, type]);
}

const PluginContext = createContext<string | undefined>(undefined);

/** The host wraps each plugin's section and dashboard card in this, so the SDK's components know whose they are. */
export function ManagedPluginScope({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  return <PluginContext.Provider value={pluginId}>{children}</PluginContext.Provider>;
}

/** The id of the plugin whose section or card renders (`undefined` outside of one). */
export const usePluginId = (): string | undefined => useContext(PluginContext);
