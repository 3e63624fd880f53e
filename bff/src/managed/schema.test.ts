import { createTestDatabase } from '@portal/core/testing';
import { managedEntities, managedMigrations } from './entities/index.ts';

describe('Managed Center migrations', () => {
  it('create exactly the schema the platform entities describe', async () => {
    const db = await createTestDatabase({ entities: managedEntities, migrations: managedMigrations });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
