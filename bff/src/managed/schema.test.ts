import { createTestDatabase } from '@portal/core/testing';
import { pluginRegistry } from '../generated/plugins.ts';
import { loadPlugins } from './plugins.ts';

describe('Managed Center migrations', () => {
  it('create exactly the schema the platform entities describe', async () => {
    const db = await createTestDatabase();
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });

  it('every plugin of the registry loads, and its migrations create exactly the schema its entities describe', async () => {
    const set = await loadPlugins(pluginRegistry);
    expect(set.plugins.filter((p) => p.status !== 'ok').map((p) => `${p.id}: ${p.error}`)).toEqual([]);
    const db = await createTestDatabase({
      entities: set.entities as NonNullable<Parameters<typeof createTestDatabase>[0]>['entities'],
      migrations: set.migrations,
    });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
