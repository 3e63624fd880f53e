// eslint-disable-next-line no-restricted-imports -- tests may use the host's test helpers (docs/plugins.md §5)
import { createTestDatabase } from '@portal/core/testing';
import { DnsBaseline } from './DnsBaseline.ts';
import { DnsRecord } from './DnsRecord.ts';
import { DnsSerial } from './DnsSerial.ts';
import { DnsZone } from './DnsZone.ts';
import { Migration20261122143000DnsZones } from './migrations/Migration20261122143000DnsZones.ts';

describe('dns migrations', () => {
  it('create exactly the schema the entities describe', async () => {
    const db = await createTestDatabase({ entities: [DnsZone, DnsRecord, DnsSerial, DnsBaseline], migrations: [Migration20261122143000DnsZones] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
