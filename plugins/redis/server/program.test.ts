import { defaultsOf } from '@portal/plugin-sdk';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { keyspace, parseInfo } from './client.ts';
import { acceptedMark, checkArgs, configPath, render } from './program.ts';
import { readingOf, source } from './sampler.ts';

const defaults = defaultsOf(config);
const at = (root: string) => ({ hostPath: (p: string) => `${root}${p}`, prepared: { port: 16379 } });

describe('redis render', () => {
  it('renders every setting into a complete redis.conf, the paths inside the server (sandbox), the prepared port', () => {
    const [file] = render(defaults, at('/srv/sandbox'));
    expect(file).toMatchObject({ path: configPath, mode: 0o644 });
    const lines = file!.content.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'bind 127.0.0.1 -::1',
        'port 16379',
        'dir /srv/sandbox/var/lib/redis',
        'pidfile /srv/sandbox/run/redis/redis-server.pid',
        'maxmemory 256mb',
        'maxmemory-policy allkeys-lru',
        'save "3600 1 300 100 60 10000"',
        'appendonly no',
        'databases 16',
        'maxclients 10000',
      ]),
    );
  });

  it('renders changed settings, one line each; no snapshots as save ""', () => {
    const [file] = render({ ...defaults, maxmemoryMb: 0, appendonly: true, saveSchedule: '', maxmemoryPolicy: 'noeviction' }, at(''));
    expect(file!.content.split('\n')).toEqual(expect.arrayContaining(['maxmemory 0mb', 'appendonly yes', 'save ""', 'maxmemory-policy noeviction']));
  });
});

describe('redis check (the real redis-server loads the file)', () => {
  /** Runs the descriptor's check on a file with this content, as `checkConfig` does through a gateway. */
  const run = (content: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-'));
    const file = path.join(dir, 'redis.conf');
    fs.writeFileSync(file, content);
    try {
      execFileSync('redis-server', [file, ...checkArgs], { encoding: 'utf8', stdio: 'pipe' });
      return 'exited 0';
    } catch (e) {
      const { stdout, stderr } = e as { stdout: string; stderr: string };
      return stdout.includes(acceptedMark) ? 'accepted' : stderr;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('accepts the rendered file and refuses what redis refuses, naming the line', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-root-'));
    fs.mkdirSync(`${root}/var/lib/redis`, { recursive: true });
    expect(run(render(defaults, at(root))[0]!.content)).toBe('accepted');
    // The contract lets digits and spaces through; redis wants pairs.
    const odd = run(render({ ...defaults, saveSchedule: '3600 1 300' }, at(root))[0]!.content);
    fs.rmSync(root, { recursive: true, force: true });
    expect(odd).toContain('FATAL CONFIG FILE ERROR');
    expect(odd).toContain(`'save "3600 1 300"'`);
    expect(run('maxmemory 10xb\n')).toContain('argument must be a memory value');
  });
});

describe('redis INFO → figures', () => {
  const info = parseInfo(
    '# Memory\r\nused_memory:1048576\r\n# Clients\r\nconnected_clients:3\r\n# Stats\r\ntotal_commands_processed:500\r\nkeyspace_hits:90\r\nkeyspace_misses:10\r\nevicted_keys:0\r\n# Keyspace\r\ndb0:keys=5,expires=2,avg_ttl=100\r\ndb3:keys=7,expires=0,avg_ttl=0\r\n',
  );

  it('reads gauges, counters and the keys per database', () => {
    expect(keyspace(info)).toEqual([
      { database: 0, keys: 5, expires: 2 },
      { database: 3, keys: 7, expires: 0 },
    ]);
    expect(readingOf(info)).toEqual({
      gauges: { memoryBytes: 1048576, clients: 3, keys: 12 },
      counters: { commands: 500, hits: 90, misses: 10, evicted: 0 },
    });
  });

  it('the hit rate is the share of reads since the previous sample; none without reads', () => {
    const g = { memoryBytes: 1, clients: 1, keys: 1 };
    expect(source.figures(g, { commands: 12.34, hits: 9, misses: 1, evicted: 0 })).toMatchObject({ opsPerSecond: 12.3, hitRatePercent: 90 });
    expect(source.figures(g, { commands: 0, hits: 0, misses: 0, evicted: 0 }).hitRatePercent).toBeNull();
    expect(source.figures({}, { commands: null, hits: null, misses: null, evicted: null })).toEqual({
      memoryBytes: null,
      opsPerSecond: null,
      hitRatePercent: null,
      clients: null,
      keys: null,
      evictionsPerSecond: null,
    });
  });
});
