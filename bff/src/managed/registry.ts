import type { PluginManifest } from '@portal/plugin-sdk';

/** One plugin as the generated registry (`bff/src/generated/plugins.ts`) lists it. */
export interface PluginRegistryEntry {
  id: string;
  /** The operationIds of its `openapi.yaml`. */
  operations: readonly string[];
  /** Imports its manifest (lazily, so a plugin that throws while loading cannot stop the portal). */
  manifest: () => Promise<{ default: PluginManifest }>;
}

/** The `web` loader of a manifest in the BFF's registry: the SPA loads web parts, the BFF never does. */
export const webPartIsLoadedBySpa = (): never => {
  throw new Error('the web part of a plugin is loaded by the SPA');
};
