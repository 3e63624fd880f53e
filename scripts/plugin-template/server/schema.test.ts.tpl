import { createTestDatabase } from '@portal/plugin-sdk/testing';
import { __Pascal__Item } from './Item.ts';
import { Migration__timestamp____Pascal__ } from './migrations/Migration__timestamp____Pascal__.ts';

describe('__id__ migrations', () => {
  it('create exactly the schema the entities describe', async () => {
    const db = await createTestDatabase({ entities: [__Pascal__Item], migrations: [Migration__timestamp____Pascal__] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
