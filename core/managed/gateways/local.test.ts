import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalGateway, SandboxViolation, findTool, stopLocalPrograms } from './local.ts';
import { testNginx } from './testProgram.testing.ts';

let base: string;
let gw: LocalGateway;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-gw-'));
  gw = new LocalGateway({ baseDir: base, serverId: 7, programs: [testNginx] });
});
afterAll(async () => {
  await gw.service('nginx').stop();
  await fs.rm(base, { recursive: true, force: true });
});

describe('local gateway sandbox', () => {
  it('maps server paths into DATA_DIR/servers/<id>', async () => {
    await gw.writeFile({ path: '/etc/cron.d/portal', content: 'x\n' });
    expect(await fs.readFile(path.join(base, '7/etc/cron.d/portal'), 'utf8')).toBe('x\n');
    expect(await gw.readFile('/etc/cron.d/portal')).toBe('x\n');
    expect(await gw.readFile('/etc/none')).toBeNull();
    expect(await gw.listFiles('/etc/cron.d')).toEqual(['portal']);
    await gw.removeFile('/etc/cron.d/portal');
    expect(await gw.listFiles('/etc/cron.d')).toEqual([]);
  });

  it.each(['../../etc/passwd', '/etc/../../passwd', '/a/./b', 'etc/passwd', '/etc/pass\0wd', '/etc/x\nlisten 80;', ''])(
    'refuses the path %j (no traversal out of the sandbox)',
    async (bad) => {
      await expect(gw.writeFile({ path: bad, content: 'owned' })).rejects.toBeInstanceOf(SandboxViolation);
      await expect(gw.readFile(bad)).rejects.toBeInstanceOf(SandboxViolation);
    },
  );

  it('refuses to follow a link that leads out of the sandbox', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-outside-'));
    await fs.mkdir(path.join(base, '7/etc'), { recursive: true });
    await fs.symlink(outside, path.join(base, '7/etc/escape'));
    await expect(gw.writeFile({ path: '/etc/escape/owned', content: 'x' })).rejects.toBeInstanceOf(SandboxViolation);
    await expect(fs.readdir(outside)).resolves.toEqual([]);
    await fs.rm(outside, { recursive: true });
  });

  it('runs tools without a shell: metacharacters in arguments stay text', async () => {
    const r = await gw.run({ tool: 'echo', args: ['$(id)', '; touch /tmp/portal-injected', '`id`', '|', 'x'] });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('$(id) ; touch /tmp/portal-injected `id` | x');
    await expect(fs.access('/tmp/portal-injected')).rejects.toThrow();
  });

  it.each(['sh -c id', '../bin/sh', '/bin/sh', 'a;b', ''])('refuses the tool name %j', async (tool) => {
    await expect(gw.run({ tool, args: [] })).rejects.toBeInstanceOf(SandboxViolation);
  });

  it('maps path arguments into the sandbox and kills a tool after its time-out', async () => {
    await gw.writeFile({ path: '/srv/hello.txt', content: 'hello\n' });
    const cat = await gw.run({ tool: 'cat', args: [{ path: '/srv/hello.txt' }] });
    expect(cat.stdout).toBe('hello\n');
    const slow = await gw.run({ tool: 'sleep', args: ['5'], timeoutMs: 100 });
    expect(slow.timedOut).toBe(true);
    expect(slow.exitCode).toBeNull();
  });

  it('reports a tool that is not installed instead of failing', async () => {
    expect(await gw.hasTool('portal-no-such-tool')).toEqual({ tool: 'portal-no-such-tool', available: false, path: undefined });
    expect((await gw.run({ tool: 'portal-no-such-tool', args: [] })).exitCode).toBe(127);
  });

  it('tails a file and gives real host metrics', async () => {
    await gw.writeFile({ path: '/var/log/x.log', content: 'a\nb\nc\n' });
    expect(await gw.tail('/var/log/x.log', 2)).toEqual(['b', 'c']);
    expect(await gw.tail('/var/log/none.log', 2)).toEqual([]);
    const m = await gw.metrics();
    expect(m.cpuCount).toBeGreaterThan(0);
    expect(m.memory.usedBytes).toBeGreaterThan(0);
    expect(m.memory.usedBytes).toBeLessThanOrEqual(m.memory.totalBytes);
    expect(m.disk.totalBytes).toBeGreaterThan(0);
  });

  it('gives each server and service a loopback port of its own, stable across calls', async () => {
    const a = await gw.listenAddress('nginx', 80);
    expect(a.host).toBe('127.0.0.1');
    expect(await gw.listenAddress('nginx', 80)).toEqual(a);
    const other = await new LocalGateway({ baseDir: base, serverId: 8 }).listenAddress('nginx', 80);
    expect(other.port).not.toBe(a.port);
  });
});

describe('local gateway programs (any descriptor)', () => {
  it('checks with the command of a descriptor without a private instance; reload is not supported there', async () => {
    const g = new LocalGateway({ baseDir: base, serverId: 9, programs: [{ id: 'ok', tool: 'true', paths: [], validate: { tool: 'true', args: [] } }, { id: 'refuses', paths: [], validate: { tool: 'false', args: [] } }] });
    expect(await g.service('ok').validate()).toMatchObject({ status: 'passed', tool: 'true' });
    expect(await g.service('refuses').validate()).toMatchObject({ status: 'failed', tool: 'false' });
    expect(await g.service('ok').reload()).toEqual({ status: 'skipped', reason: 'not_supported', tool: 'true' });
  });

  it("hands a descriptor's own check the plugin's files; a tool that is not installed is skipped", async () => {
    const seen: string[] = [];
    const g = new LocalGateway({
      baseDir: base,
      serverId: 9,
      programs: [
        { id: 'each', paths: ['/etc/x/*'], validate: async (_gw, files) => (seen.push(...files.map((f) => f.path)), { status: 'passed', output: `${files.length} files` }) },
        { id: 'absent', paths: [], validate: { tool: 'no-such-tool-here', args: [] } },
      ],
    });
    expect(await g.service('each').validate([{ path: '/etc/x/a', content: '' }])).toEqual({ status: 'passed', output: '1 files' });
    expect(seen).toEqual(['/etc/x/a']);
    expect(await g.service('absent').validate()).toEqual({ status: 'skipped', reason: 'tool_missing', tool: 'no-such-tool-here' });
  });

  it('runs an instance from its absolute command with the environment it declares, found by the name of its process', async () => {
    // RabbitMQ's shape: a script off PATH, configured by environment variables, running as another program (beam.smp).
    const g = new LocalGateway({
      baseDir: base,
      serverId: 10,
      programs: [
        {
          id: 'envprog',
          tool: 'no-such-tool-envprog',
          paths: [],
          local: {
            command: '/bin/sh',
            process: 'sleep',
            foreground: true,
            pidFile: '/run/envprog.pid',
            dirs: ['/run'],
            env: (env) => ({ PIDF: env.hostPath('/run/envprog.pid'), OUT: env.hostPath('/run/greeting'), GREETING: 'hello from the environment' }),
            args: () => ['-c', 'echo "$GREETING" > "$OUT"; echo $$ > "$PIDF"; exec sleep 30'],
            start: [],
          },
        },
      ],
    });
    expect(await g.service('envprog').reload()).toMatchObject({ status: 'passed' });
    expect(await g.readFile('/run/greeting')).toBe('hello from the environment\n');
    expect(await g.service('envprog').status()).toMatchObject({ state: 'running' });
    await g.service('envprog').stop();
    expect(await g.service('envprog').status()).toEqual({ state: 'stopped' });
  });

  it('a program no plugin declared is written but neither checked nor reloaded', async () => {
    const g = new LocalGateway({ baseDir: base, serverId: 9 });
    expect(await g.service('nginx').validate()).toEqual({ status: 'skipped', reason: 'not_supported' });
    expect(await g.service('nginx').reload()).toEqual({ status: 'skipped', reason: 'not_supported' });
    expect(await g.service('nginx').status()).toEqual({ state: 'unknown' });
  });
});

const withNginx = (await findTool('nginx')) ? describe : describe.skip;

withNginx('local gateway nginx (installed here)', () => {
  it('validates with nginx -t, starts a private nginx on a loopback port, serves and logs a request, reloads', async () => {
    const nginx = gw.service('nginx');
    const { port } = await gw.listenAddress('nginx', 80);
    const site = (text: string) => `server { listen 127.0.0.1:${port}; location / { return 200 "${text}"; } }\n`;
    await gw.writeFile({ path: '/etc/nginx/conf.d/site.conf', content: site('first') });
    expect(await nginx.validate()).toMatchObject({ status: 'passed', tool: 'nginx' });
    expect(await nginx.reload()).toMatchObject({ status: 'passed' });
    expect(await nginx.status()).toEqual({ state: 'running', endpoint: { host: '127.0.0.1', port } });
    expect(await (await fetch(`http://127.0.0.1:${port}/probe`)).text()).toBe('first');
    await new Promise((r) => setTimeout(r, 100));
    expect((await gw.tail('/var/log/nginx/access.log', 1))[0]).toContain('GET /probe');

    await gw.writeFile({ path: '/etc/nginx/conf.d/site.conf', content: site('second') });
    expect(await nginx.reload()).toMatchObject({ status: 'passed' });
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('second');

    await gw.writeFile({ path: '/etc/nginx/conf.d/site.conf', content: 'server { listen 127.0.0.1:1; bogus_directive on; }\n' });
    const broken = await nginx.validate();
    expect(broken.status).toBe('failed');
    expect(broken.status === 'failed' && broken.output).toContain('bogus_directive');

    await nginx.stop();
    expect((await nginx.status()).state).toBe('stopped');
  });

  it('the program a portal started ends with it, found by its owner file alone (no descriptor needed at shutdown)', async () => {
    const g = new LocalGateway({ baseDir: base, serverId: 11, programs: [testNginx] });
    const { port } = await g.listenAddress('nginx', 80);
    await g.writeFile({ path: '/etc/nginx/conf.d/site.conf', content: `server { listen 127.0.0.1:${port}; }\n` });
    expect(await g.service('nginx').reload()).toMatchObject({ status: 'passed', output: expect.stringMatching(/started|^$/) });
    expect((await g.service('nginx').status()).state).toBe('running');
    expect(await stopLocalPrograms(base, 'mine')).toContain(11);
    expect((await g.service('nginx').status()).state).toBe('stopped');
  });
});
