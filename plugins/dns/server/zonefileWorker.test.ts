/** Issue 8, defect 10: large zone files are read off the main thread, with the same result. */
import { limits } from './rules.ts';
import { readZoneFile } from './zonefile.ts';
import { OFF_THREAD_BYTES, readZoneFileOffThread, stopZoneFileWorker } from './zonefileWorker.ts';

afterAll(() => stopZoneFileWorker());

const origin = 'worker.example';
const zone = (records: number, broken = false) =>
  [
    '$TTL 3600',
    `@ IN SOA ns1.${origin}. hostmaster.${origin}. ( 2026112401 7200 900 1209600 300 )`,
    `@ IN NS ns1.${origin}.`,
    'ns1 IN A 192.0.2.1',
    ...Array.from({ length: records }, (_, i) => `txt${i} IN TXT "a long enough text to make the file large, number ${i}"`),
    ...(broken ? ['bad IN A 999.1.1.1'] : []),
  ].join('\n') + '\n';

describe('reading a large zone file in the worker thread', () => {
  it('gives the same settings and records as on the main thread', async () => {
    const text = zone(limits.recordsPerZone - 10);
    expect(text.length).toBeGreaterThan(OFF_THREAD_BYTES);
    const off = await readZoneFileOffThread(text, origin, 3600);
    expect(off.zone?.records).toHaveLength(limits.recordsPerZone - 8);
    expect(off).toEqual(readZoneFile(text, origin, 3600));
  });

  it('reports the line of an error, and several reads at once each get their own answer', async () => {
    const [bad, good] = await Promise.all([readZoneFileOffThread(zone(500, true), origin, 3600), readZoneFileOffThread(zone(600), origin, 3600)]);
    expect(bad.zone).toBeNull();
    expect(bad.errors[0]?.line).toBe(505);
    expect(good.zone?.records).toHaveLength(602);
  });
});
