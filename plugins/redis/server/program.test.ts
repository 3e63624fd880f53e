import { defaultsOf } from '@portal/plugin-sdk';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { passwordHash } from './acl.ts';
import { keyspace, parseInfo } from './client.ts';
import { acceptedMark, checkArgs, configPath, render, renderUnit, slotFileOf, unitPath } from './program.ts';
import { readingOf, source } from './sampler.ts';

const defaults = defaultsOf(config);
const at = (root: string) => ({ hostPath: (p: string) => `${root}${p}`, prepared: { port: 16379 } });

describe('redis render', () => {
  it('renders every setting into a complete redis.conf, the paths inside the server (sandbox), the prepared port', () => {
    const [file] = render(defaults, at('/srv/sandbox'));
    expect(file).toMatchObject({ path: configPath, mode: 0o640 });
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

describe('redis ACL lines', () => {
  const user = { name: 'shop1', keyPatterns: ['shop1:*', 'session:*'], access: 'read' as const, enabled: true, passwordHash: 'a'.repeat(64) };
  const portalHash = 'b'.repeat(64);

  it('renders the default user, the portal user and each ACL user with its hash, patterns and profile; the hashes masked', () => {
    const [file] = render(defaults, { ...at(''), prepared: { port: 16379, portalHash }, desired: { users: [user] } });
    const lines = file!.content.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'user default on nopass ~* &* +@all',
        `user portal on #${portalHash} ~* &* +@all`,
        `user shop1 reset on #${'a'.repeat(64)} resetchannels ~shop1:* ~session:* -@all +@read +@connection +select -@dangerous`,
      ]),
    );
    expect(file!.secretValues).toEqual([portalHash, 'a'.repeat(64)]);
  });

  it('the default user off only with the portal user there; an off ACL user keeps its line', () => {
    const [file] = render({ ...defaults, defaultUser: false }, { ...at(''), prepared: { port: 16379, portalHash }, desired: { users: [{ ...user, enabled: false }] } });
    expect(file!.content).toContain('\nuser default off resetpass\n');
    expect(file!.content).toContain(`\nuser shop1 reset off #`);
    // A preview before the first apply (no management user yet) keeps the default user on.
    expect(render({ ...defaults, defaultUser: false }, at(''))[0]!.content).toContain('\nuser default on nopass');
    expect(passwordHash('x')).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
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
    // The ACL lines go through redis's ACL parser as the file is loaded.
    const withUsers = render({ ...defaults, defaultUser: false }, { ...at(root), prepared: { port: 16379, portalHash: 'c'.repeat(64) }, desired: { users: [{ name: 'shop1', keyPatterns: ['shop1:*'], access: 'readwrite', enabled: true, passwordHash: 'd'.repeat(64) }] } });
    expect(run(withUsers[0]!.content.replace(/^dir .*$/m, 'dir /'))).toBe('accepted');
    expect(run('user shop1 on #abc ~shop1:*\n')).toContain('password hash must be exactly 64 characters');
  });
});

describe('redis template unit of the slots (real servers)', () => {
  const shop2 = {
    name: 'shop2',
    slot: 3,
    port: 6381,
    maxmemoryMb: 64,
    maxmemoryPolicy: 'allkeys-lru' as const,
    appendonly: false,
    appendfsync: 'everysec' as const,
    saveSchedule: '',
    defaultUser: true,
  };

  it('is shipped with the first named instance (not with `default` alone) and starts redis-server with the file its slot names', () => {
    expect(render(defaults, at('')).map((f) => f.path)).not.toContain(unitPath);
    const files = render(defaults, { ...at(''), desired: { users: [], instances: [shop2] } });
    const unit = files.find((f) => f.path === unitPath);
    expect(unitPath).toBe('/etc/systemd/system/redis-server-portal@.service');
    expect(unit).toEqual({ path: unitPath, content: renderUnit(), mode: 0o644 });
    const lines = unit!.content.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Type=notify',
        // The slot file (`name=shop2`) is the unit's environment: `${name}` is the instance it runs.
        'EnvironmentFile=/etc/redis/slots/redis-%i',
        'ExecStart=/usr/bin/redis-server /etc/redis/instances/${name}.conf --supervised systemd --daemonize no',
        'ExecStartPre=/usr/bin/mkdir -p /var/lib/redis/instances/${name}',
        'PIDFile=/run/redis/redis-%i.pid',
        'User=redis',
        'RuntimeDirectoryPreserve=yes',
      ]),
    );
    // What the unit reads from the slot file of slot 3 and the path it then starts with.
    const slot = files.find((f) => f.path === slotFileOf(3))!.content;
    const env = Object.fromEntries(slot.split('\n').filter((l) => /^[a-z]+=/.test(l)).map((l) => l.split('=') as [string, string]));
    expect(env.name).toBe('shop2');
    expect(files.map((f) => f.path)).toContain(`/etc/redis/instances/${env.name}.conf`);
    // The pid file systemd watches is the one the instance's file names.
    expect(files.find((f) => f.path === '/etc/redis/instances/shop2.conf')!.content).toContain('\npidfile /run/redis/redis-3.pid\n');
  });

  it('systemd-analyze verify accepts an instance of it without a warning (unprivileged, offline)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-unit-'));
    try {
      fs.writeFileSync(path.join(dir, 'redis-server-portal@.service'), renderUnit());
      const r = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(dir, 'redis-server-portal@3.service')], { encoding: 'utf8' });
      expect(r.error).toBeUndefined();
      expect({ status: r.status, output: `${r.stdout}${r.stderr}`.trim() }).toEqual({ status: 0, output: '' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
