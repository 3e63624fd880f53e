/**
 * Loading the plugins of the generated registry. Each loads on its own (`Promise.allSettled`): a
 * plugin whose manifest or server part throws is *degraded* — reported on `/api/health`, its
 * operations answer 503 — and the rest of the portal works.
 */
import type { Logger } from '@portal/core/platform';
import type { PluginManifest } from '@portal/plugin-sdk';
import type { AnyServerPlugin, MigrationClass } from '@portal/plugin-sdk/server';
import type { PluginRegistryEntry } from './registry.ts';

export interface LoadedPlugin {
  id: string;
  operations: readonly string[];
  status: 'ok' | 'degraded';
  manifest?: PluginManifest;
  server?: AnyServerPlugin;
  /** Why it is degraded (logged; the health endpoint shows the message). */
  error?: string;
}

export interface PluginSet {
  plugins: LoadedPlugin[];
  /** Entities and migrations of the plugins that loaded, for the ORM. */
  entities: unknown[];
  migrations: MigrationClass[];
}

async function loadOne(entry: PluginRegistryEntry): Promise<{ manifest: PluginManifest; server: AnyServerPlugin }> {
  const manifest = (await entry.manifest()).default;
  if (manifest?.id !== entry.id) throw new Error(`manifest id ${JSON.stringify(manifest?.id)} does not match the registry (${entry.id}); run npm run generate`);
  const server = (await manifest.server()).default;
  if (!server || typeof server.handlers !== 'function') throw new Error('server part has no handlers(ports) (defineServerPlugin)');
  return { manifest, server };
}

/** Loads every plugin of a registry; never throws for a plugin that fails. */
export async function loadPlugins(registry: readonly PluginRegistryEntry[], logger?: Logger): Promise<PluginSet> {
  const results = await Promise.allSettled(registry.map(loadOne));
  const plugins = registry.map((entry, i): LoadedPlugin => {
    const r = results[i];
    if (r.status === 'fulfilled') return { id: entry.id, operations: entry.operations, status: 'ok', ...r.value };
    const error = r.reason instanceof Error ? r.reason.message : String(r.reason);
    logger?.error({ plugin: entry.id, err: r.reason }, 'plugin failed to load; its operations answer 503');
    return { id: entry.id, operations: entry.operations, status: 'degraded', error };
  });
  const ok = plugins.filter((p) => p.server);
  return {
    plugins,
    entities: ok.flatMap((p) => [...(p.server!.entities ?? [])]),
    migrations: ok.flatMap((p) => [...(p.server!.migrations ?? [])]),
  };
}

/** The set without plugins. */
export const noPlugins: PluginSet = { plugins: [], entities: [], migrations: [] };
