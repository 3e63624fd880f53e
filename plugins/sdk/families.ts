/**
 * One module, two families: a service whose section has settings (the config family) and live figures (the
 * stats family) — redis, memcached, mysql — is one plugin whose server part is the config service with the
 * stats service's parts added: `withFamilies(defineConfigService(…), defineStatsService(…))`.
 *
 * The first plugin keeps everything of the apply (programs, steps, prepare, render, state, snapshot, restore,
 * summary); the others add entities, migrations, handlers, demo fixtures and start/stop hooks, and may not
 * declare an apply of their own (a stats service declares `programs: []`, which is no apply). Two parts
 * answering the same operation are refused.
 */
import type { OperationId } from '@portal/openapi';
import type { PluginHandlers, ServerPlugin } from './server.ts';

const applyParts = ['steps', 'prepare', 'render', 'state', 'snapshot', 'restore', 'applySummary'] as const;

export function withFamilies<Ops extends OperationId, Prepared>(
  main: ServerPlugin<Ops, Prepared>,
  ...more: readonly ServerPlugin<Ops>[]
): ServerPlugin<Ops, Prepared> {
  for (const part of more) {
    const own = applyParts.filter((k) => part[k] !== undefined);
    if (own.length || part.programs?.length) throw new Error(`withFamilies: only the first plugin applies; another declares ${[...own, 'programs'].join(', ')}`);
  }
  const all = [main, ...more];
  const fixtures = all.flatMap((p) => (p.fixtures ? [p.fixtures.bind(p)] : []));
  const starts = all.flatMap((p) => (p.start ? [p.start.bind(p)] : []));
  const stops = all.flatMap((p) => (p.stop ? [p.stop.bind(p)] : []));
  return {
    ...main,
    entities: all.flatMap((p) => p.entities ?? []),
    migrations: all.flatMap((p) => p.migrations ?? []),
    handlers: (ports) => {
      const merged: Partial<PluginHandlers<Ops>> = {};
      for (const p of all)
        for (const [op, handler] of Object.entries(p.handlers(ports))) {
          if (op in merged) throw new Error(`withFamilies: two parts answer ${op}`);
          (merged as Record<string, unknown>)[op] = handler;
        }
      return merged as PluginHandlers<Ops>;
    },
    ...(fixtures.length ? {
          fixtures: async (c) => {
            for (const f of fixtures) await f(c); // one database session: one after another
          },
        } : {}),
    ...(starts.length ? { start: async (ports) => void (await Promise.all(starts.map((f) => f(ports)))) } : {}),
    ...(stops.length ? { stop: async () => void (await Promise.all(stops.map((f) => f()))) } : {}),
  };
}
