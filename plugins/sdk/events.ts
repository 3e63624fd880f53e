/**
 * A plugin's real-time events, declared once: a map of event type → payload in the plugin's
 * `shared/events.ts` (types only), e.g. `export interface MonitoringEvents { sample: Schemas['MonitoringSample'] }`.
 * The server publishes through `PluginEvents<MonitoringEvents>` (`eventsOf(ports)`), the web listens
 * to `ServerEventsOf<'monitoring', MonitoringEvents>` (augmenting `ServerEvents` of
 * `@portal/plugin-sdk/web`): the payload type is written in one place and checked on both sides.
 */

/** The publishing side of a plugin's event map: `<pluginId>.<type>` to room `server:<serverId>`. */
export interface PluginEvents<E extends object> {
  publish<K extends keyof E & string>(serverId: number, type: K, payload: E[K]): Promise<void>;
}

/** The listening side: the plugin's events under their published names (`<pluginId>.<type>`). */
export type ServerEventsOf<PluginId extends string, E extends object> = { [K in keyof E & string as `${PluginId}.${K}`]: E[K] };
