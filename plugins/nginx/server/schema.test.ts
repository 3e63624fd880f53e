// eslint-disable-next-line no-restricted-imports -- tests may use the host's test helpers (docs/plugins.md §5)
import { createTestDatabase } from '@portal/core/testing';
import plugin from './index.ts';

describe('nginx migrations', () => {
  it('create exactly the schema the nginx entities describe', async () => {
    const db = await createTestDatabase({ entities: [...plugin.entities!], migrations: [...plugin.migrations!] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
