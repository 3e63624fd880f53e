/**
 * The pure parts of `profiler` and its check with the real php: Excimer's collapsed stacks → stacks, the call tree and
 * the per-function self-time difference of two runs; the rendered snippet (values escaped, the fingerprint), checked by
 * `php -n -l` and loaded by `php -n -c <staged ini>` on a sandbox of the `local` gateway, a broken snippet refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasProgram, LocalGateway } from '@portal/plugin-sdk/testing';
import { buildTree, diffProfiles, formatCollapsed, parseCollapsed, selfSamples } from '../shared/collapsed.ts';
import programs, { checkSnippet, stageDir } from './program.ts';
import { parseMeta, slowestTransactions } from './profiles.ts';
import { fingerprint, fingerprintOf, iniPath, phpString, prependPath, render, type ProfilerState } from './render.ts';

// As ExcimerLog::formatCollapsed() writes it: every line after the first starts with an empty frame.
const excimer =
  '/var/www/a.php;main;fib;fib 3\n;/var/www/a.php;main;fib 1\n;/var/www/a.php;main;render_catalog 6\n;/var/www/a.php;main;fib;fib 2\n';

describe('collapsed stacks', () => {
  it("parses Excimer's lines (empty frames dropped, equal stacks added) and writes them back for speedscope", () => {
    const stacks = parseCollapsed(`${excimer}garbage\n;x 0\n`);
    expect(stacks).toEqual([
      { frames: ['/var/www/a.php', 'main', 'fib', 'fib'], samples: 5 },
      { frames: ['/var/www/a.php', 'main', 'fib'], samples: 1 },
      { frames: ['/var/www/a.php', 'main', 'render_catalog'], samples: 6 },
    ]);
    expect(formatCollapsed(stacks)).toBe(
      '/var/www/a.php;main;fib;fib 5\n/var/www/a.php;main;fib 1\n/var/www/a.php;main;render_catalog 6\n',
    );
  });

  it('builds the call tree with total and self samples', () => {
    const tree = buildTree(parseCollapsed(excimer));
    expect(tree.total).toBe(12);
    const main = tree.children[0]!.children[0]!;
    expect(main).toMatchObject({ name: 'main', total: 12, self: 0 });
    expect(main.children.map((c) => [c.name, c.total, c.self])).toEqual([
      ['fib', 6, 1],
      ['render_catalog', 6, 6],
    ]);
    expect(Object.fromEntries(selfSamples(parseCollapsed(excimer)))).toEqual({ fib: 6, render_catalog: 6 });
  });

  it('compares two runs by self time per function (samples × period), largest change first', () => {
    const base = { stacks: parseCollapsed(excimer), periodMs: 10 };
    const other = { stacks: parseCollapsed('a.php;main;fib 1\na.php;main;render_catalog 9\na.php;main;json_encode 2\n'), periodMs: 5 };
    expect(diffProfiles(base, other)).toEqual([
      { name: 'fib', baseMs: 60, otherMs: 5, deltaMs: -55 },
      { name: 'render_catalog', baseMs: 60, otherMs: 45, deltaMs: -15 },
      { name: 'json_encode', baseMs: 0, otherMs: 10, deltaMs: 10 },
    ]);
  });

  it("reads a profile's facts and groups the slowest transactions by path", () => {
    const meta = parseMeta(
      'run-1-abcdef',
      JSON.stringify({
        host: 'shop.example.com',
        uri: '/checkout?x=1',
        method: 'CLI',
        startedAt: '2026-11-29T04:00:00.123Z',
        durationMs: 12.5,
        samples: 3,
        periodMs: 5,
        clock: 'wall',
        config: 'a1b2c3d4e5f6',
      }),
    );
    expect(meta).toMatchObject({ id: 'run-1-abcdef', uri: '/checkout?x=1', durationMs: 12.5, config: 'a1b2c3d4e5f6' });
    expect(parseMeta('x', 'not json')).toBeUndefined();
    const list = [
      { id: 'a', host: 'h', uri: '/checkout?x=1', durationMs: 10 },
      { id: 'b', host: 'h', uri: '/checkout?x=2', durationMs: 30 },
      { id: 'c', host: 'h', uri: '/', durationMs: 20 },
    ];
    expect(slowestTransactions(list)).toEqual([
      { host: 'h', path: '/checkout', count: 2, maxMs: 30, avgMs: 20, slowest: 'b' },
      { host: 'h', path: '/', count: 1, maxMs: 20, avgMs: 20, slowest: 'c' },
    ]);
  });
});

const state: ProfilerState = {
  settings: { clock: 'wall', minDurationMs: 0, maxDepth: 128, keepProfiles: 500, keepDays: 14 },
  sites: [
    {
      host: 'shop.example.com',
      documentRoot: '/var/www/shop/public',
      enabled: true,
      periodMs: 5,
      urlPrefix: '/checkout',
      sampleRatePercent: 10,
    },
  ],
};

describe('render', () => {
  it('writes the snippet and the include; no site, no files; values as escaped PHP strings', () => {
    const files = render(state, (p) => p);
    expect(files.map((f) => f.path)).toEqual([prependPath, iniPath]);
    expect(files[0]!.content).toContain("'shop.example.com' => ['on' => true, 'period' => 0.005, 'prefix' => '/checkout', 'rate' => 10],");
    expect(files[0]!.content).toContain('setMaxDepth(128)');
    expect(files[1]!.content).toContain(`auto_prepend_file = "${prependPath}"`);
    expect(fingerprintOf(files)).toBe(fingerprint(state));
    expect(fingerprint({ ...state, settings: { ...state.settings, clock: 'cpu' } })).not.toBe(fingerprint(state));
    expect(render({ ...state, sites: [] }, (p) => p)).toEqual([]);
    expect(phpString("a'b\\c")).toBe("'a\\'b\\\\c'");
    expect(() => phpString('a\nb')).toThrow();
  });
});

(hasProgram('php') ? describe : describe.skip)('the real php', () => {
  let dir: string;
  let gw: LocalGateway;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profiler-check-'));
    gw = new LocalGateway({ baseDir: dir, serverId: 1, programs });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('php -n -l and the probe under the staged include accept the snippet; a broken one is refused; the stage is removed', async () => {
    const ok = await checkSnippet(
      gw,
      render(state, (p) => gw.hostPath(p)),
    );
    expect(ok).toMatchObject({ status: 'passed', tool: 'php' });
    expect(ok.status === 'passed' && ok.output).toContain(`configuration ${fingerprint(state)}`);
    const files = render(state, (p) => gw.hostPath(p));
    const broken = await checkSnippet(gw, [
      { ...files[0]!, content: files[0]!.content.replace("define('PORTAL_PROFILER'", "define('PORTAL_PROFILER' 1") },
      files[1]!,
    ]);
    expect(broken).toMatchObject({ status: 'failed', tool: 'php' });
    expect(broken.status === 'failed' && broken.output).toContain('Parse error');
    expect(fs.readdirSync(gw.hostPath(stageDir))).toEqual([]);
  });
});
