import type { PluginManifest } from '@portal/plugin-sdk';

/** One plugin as the generated registry (`bff/src/generated/plugins.ts`) lists it. */
export interface PluginRegistryEntry {
  id: string;
  /** The operationIds of its `openapi.yaml`. */
  operations: readonly string[];
  /** Imports its manifest (lazily, so a plugin that throws while loading cannot stop the portal). */
  manifest: () => Promise<{ default: PluginManifest }>;
}
