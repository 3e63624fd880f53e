/** Fixture plugins for the host's tests (not under plugins/: they are not part of the portal). */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadContract } from '../../app.ts';
import { pluginRegistry } from '../../generated/plugins.ts';
import type { PluginRegistryEntry } from '../registry.ts';

export const examplePlugin: PluginRegistryEntry = {
  id: 'example',
  operations: ['getExampleGreeting', 'setExampleGreeting'],
  manifest: () => import('./example/plugin.ts'),
};

export const brokenPlugin: PluginRegistryEntry = {
  id: 'broken',
  operations: ['getBrokenThing'],
  manifest: () => import('./broken/plugin.ts'),
};

export const betaPlugin: PluginRegistryEntry = {
  id: 'beta',
  operations: ['getBetaThing'],
  manifest: () => import('./beta/plugin.ts'),
};

/** The bundled contract without the repository's plugins, plus the fixture plugins' operations (tests of the host alone). */
export function contractWithFixtures(fixtures: readonly string[] = ['example', 'broken']): Record<string, unknown> {
  const doc = loadContract() as { paths: Record<string, Record<string, { operationId?: string }>>; components: { schemas: Record<string, unknown> } };
  const real = new Set(pluginRegistry.flatMap((p) => p.operations));
  // Operations the bundler adds for a plugin (its `x-apply` "apply now") are not in the registry's list: go by path.
  const prefixes = pluginRegistry.map((p) => `/api/v1/clusters/{clusterId}/servers/{serverId}/${p.id}`);
  const ofRealPlugin = (path: string) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (op?.operationId && (real.has(op.operationId) || ofRealPlugin(path))) delete item[method];
    if (!Object.values(item).some((op) => op?.operationId)) delete doc.paths[path];
  }
  for (const name of fixtures) {
    const fragment = parse(fs.readFileSync(fileURLToPath(new URL(`./${name}/openapi.yaml`, import.meta.url)), 'utf8')) as {
      paths: Record<string, unknown>;
      components?: { schemas?: Record<string, unknown> };
    };
    Object.assign(doc.paths, fragment.paths as typeof doc.paths);
    Object.assign(doc.components.schemas, fragment.components?.schemas ?? {});
  }
  return doc;
}
