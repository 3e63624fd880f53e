import { defaultsOf } from '@portal/plugin-sdk';
import { spawnSync } from 'node:child_process';
import { config } from '../generated/config.ts';
import { parseStats } from './client.ts';
import { checkArgs, checkTimeoutMs, configPath, optionsOf, render } from './program.ts';
import { readingOf, source } from './sampler.ts';

const defaults = defaultsOf(config);
const at = { prepared: { port: 21211 } };

describe('memcached render', () => {
  it("renders every setting as one of memcached's options, listening on the loopback interface at the prepared port", () => {
    const [file] = render(defaults, at);
    expect(file).toMatchObject({ path: configPath, mode: 0o644 });
    expect(optionsOf(file!.content)).toEqual(
      ['-u', 'memcache', '-l', '127.0.0.1', '-p', '21211', '-U', '0', '-P', '/run/memcached/memcached.pid'].concat(
        ['-m', '64', '-c', '1024', '-t', '4', '-I', '1024k'],
      ),
    );
  });

  it('renders changed settings: no eviction as -M, verbosity as repeated -v', () => {
    const options = optionsOf(render({ ...defaults, memoryMb: 512, evict: false, verbosity: 2, maxItemSizeKb: 4096 }, at)[0]!.content);
    expect(options).toEqual(expect.arrayContaining(['-m', '512', '-M', '-vv', '4096k']));
    expect(options).not.toContain('-v');
  });

  it("reads options as Debian's wrapper does: comments, -d and other directives left out", () => {
    expect(optionsOf('# c\n-d\nlogfile /var/log/memcached.log\n  -m 64   # memory\n-vv\n\n-l 127.0.0.1\n')).toEqual(['-m', '64', '-vv', '-l', '127.0.0.1']);
  });
});

describe('memcached check (the real memcached starts with the options)', () => {
  /** Starts memcached with the check's arguments for this file, as `checkConfig` does through a gateway. */
  const run = (content: string) => {
    const r = spawnSync('memcached', checkArgs(content), { encoding: 'utf8', timeout: checkTimeoutMs });
    return r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? 'accepted' : `${r.stdout}${r.stderr}`.trim();
  };

  it('listens nowhere and writes no pid file', () => {
    const args = checkArgs(render(defaults, at)[0]!.content);
    expect(args.slice(-4)).toEqual(['-p', '0', '-U', '0']);
    expect(args).not.toContain('-P');
    expect(args).not.toContain('21211');
  });

  it('accepts the rendered options and refuses what memcached refuses, with its message', () => {
    expect(run(render(defaults, at)[0]!.content)).toBe('accepted');
    // Within the contract's limits, but more than half of the memory limit: memcached's own rule.
    expect(run(render({ ...defaults, memoryMb: 64, maxItemSizeKb: 65536 }, at)[0]!.content)).toContain('Cannot set item size limit higher than 1/2 of memory max');
    expect(run('-u memcache\n-t 0\n')).toContain('Number of threads must be greater than 0');
  });
});

describe('memcached stats → figures', () => {
  const stats = parseStats('STAT pid 1\r\nSTAT bytes 4096\r\nSTAT curr_items 12\r\nSTAT curr_connections 3\r\nSTAT get_hits 90\r\nSTAT get_misses 10\r\nSTAT evictions 2\r\nEND\r\n');

  it('reads gauges and counters', () => {
    expect(readingOf(stats)).toEqual({ gauges: { memoryBytes: 4096, items: 12, connections: 3 }, counters: { hits: 90, misses: 10, evictions: 2 } });
  });

  it('the hit rate is the share of gets since the previous sample; none without gets', () => {
    const g = { memoryBytes: 1, items: 1, connections: 1 };
    expect(source.figures(g, { hits: 9, misses: 1, evictions: 0.25 })).toMatchObject({ hitRatePercent: 90, evictionsPerSecond: 0.3 });
    expect(source.figures(g, { hits: 0, misses: 0, evictions: 0 }).hitRatePercent).toBeNull();
    expect(source.figures({}, { hits: null, misses: null, evictions: null })).toEqual({
      memoryBytes: null,
      items: null,
      connections: null,
      hitRatePercent: null,
      evictionsPerSecond: null,
    });
  });
});
