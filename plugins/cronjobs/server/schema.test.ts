// eslint-disable-next-line no-restricted-imports -- tests may use the host's test helpers (docs/plugins.md §5)
import { createTestDatabase } from '@portal/core/testing';
import { Cronjob } from './Cronjob.ts';
import { Migration20261122141000Cronjobs } from './migrations/Migration20261122141000Cronjobs.ts';

describe('cronjobs migrations', () => {
  it('create exactly the schema the entities describe', async () => {
    const db = await createTestDatabase({ entities: [Cronjob], migrations: [Migration20261122141000Cronjobs] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
