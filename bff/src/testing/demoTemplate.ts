import type { DatabaseTemplate } from '@portal/core/testing';
import { seedDemo } from '@portal/core/seed';
import { seedDemoMode } from '@portal/core/demo';

/**
 * The template database of test portals (core/testing): migrated, then the demo data — with demo mode's own
 * user and cluster first when `demo` (they take the first ids, issue 13). Plugin sets with the same migrations
 * share a template; the plugins' fixtures are not in it (some follow the test's clock).
 */
export function demoTemplate(migrations: { name: string }[], options: { demo?: boolean } = {}): DatabaseTemplate {
  const demo = options.demo ?? false;
  return {
    key: JSON.stringify({ demo, migrations: migrations.map((m) => m.name).sort() }),
    fill: async (template, templateDir) => {
      if (demo) await seedDemoMode(template.orm.em.fork());
      await seedDemo(template.orm.em.fork(), { dataDir: templateDir });
    },
  };
}
