import { createTestDatabase } from './testing/index.ts';

describe('migrations', () => {
  it('create exactly the schema the entities describe', async () => {
    const db = await createTestDatabase();
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
