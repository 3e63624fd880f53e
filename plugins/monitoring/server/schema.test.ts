// eslint-disable-next-line no-restricted-imports -- test files may use the host's test helpers (docs/plugins.md, Tests)
import { createTestDatabase } from '@portal/core/testing';
import plugin from './index.ts';

describe('monitoring migrations', () => {
  it('create exactly the schema the monitoring entities describe', async () => {
    const db = await createTestDatabase({ entities: [...plugin.entities!], migrations: [...plugin.migrations!] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
