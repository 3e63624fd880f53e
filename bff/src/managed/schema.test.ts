import { createTestDatabase } from '@portal/core/testing';
import { pluginRegistry } from '../generated/plugins.ts';
import { managedEntities, managedMigrations } from './entities/index.ts';
import { loadPlugins } from './plugins.ts';

describe('Managed Center migrations', () => {
  it('create exactly the schema the platform entities describe', async () => {
    const db = await createTestDatabase({ entities: managedEntities, migrations: managedMigrations });
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
      entities: [...managedEntities, ...(set.entities as typeof managedEntities)],
      migrations: [...managedMigrations, ...set.migrations],
    });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
