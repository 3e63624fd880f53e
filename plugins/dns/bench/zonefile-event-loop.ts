/**
 * Issue 8, defect 10: how long does reading a large zone file (the expert editor's maximum of 256 KB)
 * (up to the plugin's record limit) block the event loop? Measures `perf_hooks.monitorEventLoopDelay` while the zone is read on the main
 * thread (`readZoneFile`) and through the worker (`readZoneFileOffThread`).
 *
 *   npx node plugins/dns/bench/zonefile-event-loop.ts [runs]
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { limits } from '../server/rules.ts';
import { readZoneFile } from '../server/zonefile.ts';
import { readZoneFileOffThread, stopZoneFileWorker } from '../server/zonefileWorker.ts';

const origin = 'bench.example';
function largeZone(maxBytes = 262_144): string {
  const lines = ['$TTL 3600', `@ IN SOA ns1.${origin}. hostmaster.${origin}. ( 2026112401 7200 900 1209600 300 )`, `@ IN NS ns1.${origin}.`, `ns1 IN A 192.0.2.1`];
  let size = lines.join('\n').length;
  for (let i = 0; ; i++) {
    const line = i % 3 === 0 ? `host${i} IN A 192.0.2.${i % 250}` : i % 3 === 1 ? `host${i} IN AAAA 2001:db8::${(i % 65535).toString(16)}` : `txt${i} IN TXT "v=spf1 include:example.net ~all ${i}"`;
    if (size + line.length + 1 > maxBytes || lines.length >= limits.recordsPerZone) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

async function measure(label: string, runs: number, read: (text: string) => Promise<unknown> | unknown, text: string): Promise<void> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  // A ticker keeps the loop busy with timers, as a server answering other requests would.
  const ticker = setInterval(() => undefined, 1);
  h.enable();
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const r = (await read(text)) as { zone: { records: unknown[] } | null; errors: unknown[] };
    if (!r.zone) throw new Error(`zone did not read: ${JSON.stringify(r.errors.slice(0, 3))}`);
    // Let the histogram's timer fire, so a blocked stretch is recorded as delay.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = performance.now() - started;
  h.disable();
  clearInterval(ticker);
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(`${label}: ${runs} reads in ${elapsed.toFixed(0)} ms (${(elapsed / runs).toFixed(0)} ms each); event-loop delay max ${ms(h.max)} ms, p99 ${ms(h.percentile(99))} ms, mean ${ms(h.mean)} ms`);
}

const runs = Number(process.argv[2] ?? 5);
const text = largeZone();
const records = text.split('\n').length;
console.log(`zone file: ${(text.length / 1024).toFixed(0)} KB, ${records} lines`);
await measure('main thread (before)', runs, (t) => readZoneFile(t, origin, 3600), text);
await readZoneFileOffThread(text, origin, 3600); // start the worker once, as a running server has
await measure('worker (after)     ', runs, (t) => readZoneFileOffThread(t, origin, 3600), text);
await stopZoneFileWorker();
