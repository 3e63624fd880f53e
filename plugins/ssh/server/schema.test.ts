// eslint-disable-next-line no-restricted-imports -- tests may use the host's test helpers (docs/plugins.md §5)
import { createTestDatabase } from '@portal/core/testing';
import { Migration20261122142000SshKeys } from './migrations/Migration20261122142000SshKeys.ts';
import { SshKey } from './SshKey.ts';

describe('ssh migrations', () => {
  it('create exactly the schema the entities describe', async () => {
    const db = await createTestDatabase({ entities: [SshKey], migrations: [Migration20261122142000SshKeys] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
