import type { DatabaseTemplate } from '@portal/core/testing';
import { seedDemo } from '@portal/core/seed';
import { seedDemoMode } from '@portal/core/demo';
import { systemClock } from '@portal/core/platform';
import { seedPluginFixtures } from '../managed/center.ts';
import type { LoadedPlugin } from '../managed/plugins.ts';

/**
 * The template database of test portals (core/testing): migrated, then the demo data — with demo mode's own
 * user and cluster first when `demo` (they take the first ids, issue 13) — and the fixtures of the plugins whose
 * fixtures do not follow the clock (`fixturesFollowClock`: those are seeded per portal, at the portal's clock).
 * Plugin sets with the same migrations and plugins share a template (one without fixtures for `fixtures: false`).
 */
export function demoTemplate(
  plugins: { migrations: { name: string }[]; plugins: readonly LoadedPlugin[] },
  options: { demo?: boolean; fixtures?: boolean } = {},
): DatabaseTemplate {
  const demo = options.demo ?? false;
  const fixtures = options.fixtures ?? true;
  return {
    key: JSON.stringify({ demo, fixtures, migrations: plugins.migrations.map((m) => m.name).sort(), plugins: plugins.plugins.map((p) => p.id).sort() }),
    fill: async (template, templateDir) => {
      if (demo) await seedDemoMode(template.orm.em.fork());
      await seedDemo(template.orm.em.fork(), { dataDir: templateDir });
      if (fixtures) await seedPluginFixtures(template.orm.em.fork(), templateFixtures(plugins.plugins), systemClock);
    },
  };
}

/** The plugins whose fixtures are in the template. */
export const templateFixtures = (plugins: readonly LoadedPlugin[]): LoadedPlugin[] => plugins.filter((p) => !p.server?.fixturesFollowClock);
/** The plugins whose fixtures each test portal seeds itself, at its own clock. */
export const fixturesFollowingClock = (plugin: LoadedPlugin): boolean => plugin.server?.fixturesFollowClock === true;
