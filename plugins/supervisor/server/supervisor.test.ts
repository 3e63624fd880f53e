/**
 * The `supervisor` section through the API: a real portal over its own database, the `local` gateway running a
 * private supervisord (Debian's `supervisor`) in the sandbox of the server.
 */
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { Schemas } from '@portal/openapi';
import type { ApiOperations } from '../generated/operations.ts';
import { programFilePath } from './render.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { fixtures: false });
}, 60_000);
afterAll(() => t?.stop());

const file = () => t.portal.managed.gateway(t.server.id).readFile(programFilePath);
const program = (over: Partial<Schemas['SupervisorProgramInput']> = {}): Schemas['SupervisorProgramInput'] => ({
  name: 'ticker',
  command: `sh -c "while true; do echo 'tick 100%'; sleep 1; done"`,
  directory: '',
  user: 'www-data',
  numprocs: 1,
  autostart: true,
  autorestart: 'always',
  startsecs: 1,
  stopwaitsecs: 5,
  stopsignal: 'TERM',
  ...over,
});

async function statusOf(name: string, state: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.api.call('getSupervisorStatus');
    expect(r.status).toBe(200);
    const found = r.body.processes.filter((p) => p.program === name);
    if (found.length && found.every((p) => p.state === state)) return found;
    if (Date.now() > deadline) throw new Error(`${name} not ${state}: ${JSON.stringify(r.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const supervisor = hasProgram('supervisord') ? describe : describe.skip;

supervisor('supervisor (private supervisord)', () => {
  it('runs a program created through the API: RUNNING read back, the command intact in its log, restart and stop', async () => {
    const created = await t.api.call('createSupervisorProgram', { body: program() });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    const content = await file();
    expect(content).toContain(`command=sh -c "while true; do echo 'tick 100%%'; sleep 1; done"\n`);
    const [p] = await statusOf('ticker', 'RUNNING');
    expect(p.crashLoop).toBe(false);

    const list = await t.api.call('listSupervisorPrograms');
    const ticker = list.body.data.find((x) => x.name === 'ticker')!;
    // The quotes and the % reached the program as typed.
    const deadline = Date.now() + 10_000;
    let lines: string[] = [];
    while (!lines.includes('tick 100%') && Date.now() < deadline) {
      lines = (await t.api.call('getSupervisorProgramLog', { path: { programId: ticker.id }, query: { lines: 5 } })).body.lines;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(lines).toContain('tick 100%');

    const stopped = await t.api.call('controlSupervisorProgram', { path: { programId: ticker.id }, body: { action: 'stop' } });
    expect(stopped.status).toBe(200);
    expect(stopped.body.processes.find((x) => x.program === 'ticker')?.state).toBe('STOPPED');
    expect((await t.api.call('controlSupervisorProgram', { path: { programId: ticker.id }, body: { action: 'start' } })).status).toBe(200);
    await statusOf('ticker', 'RUNNING');
  }, 60_000);

  it('refuses a command supervisord cannot run and an option its parser refuses; nothing changes', async () => {
    const before = await file();
    const missing = await t.api.call('createSupervisorProgram', {
      body: program({ name: 'broken', command: '/nonexistent/bin/worker --queue=a' }),
    });
    expect(missing.status).toBe(202);
    const job = await t.waitForJob(missing.body.id);
    expect(job.status).toBe('failed');
    expect(JSON.stringify(job)).toContain("can't find command '/nonexistent/bin/worker'");
    expect(await file()).toBe(before);
    expect((await t.api.call('listSupervisorPrograms')).body.data.map((x) => x.name)).not.toContain('broken');

    // supervisord expands %(name)s in every value: an expansion it does not know is its parser's refusal (the
    // renderer escapes %, so only a name that slips through would reach it: shown with a raw file).
    const gw = t.portal.managed.gateway(t.server.id);
    const { checkStaged } = await import('./program.ts');
    const bad = await checkStaged(gw, [{ path: programFilePath, content: '[program:x]\ncommand=/bin/sleep 1\nautostart=maybe\n' }]);
    expect(bad).toMatchObject({ status: 'failed', tool: 'supervisord' });
    expect(bad.output).toContain("not a valid boolean value: 'maybe'");
    await statusOf('ticker', 'RUNNING');
  }, 60_000);

  it('notices a crash loop (a program that exits at once ends BACKOFF/FATAL)', async () => {
    const created = await t.api.call('createSupervisorProgram', {
      body: program({ name: 'crasher', command: 'sh -c "exit 3"', autorestart: 'always', startsecs: 2 }),
    });
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    const deadline = Date.now() + 20_000;
    for (;;) {
      const s = (await t.api.call('getSupervisorStatus')).body.processes.find((p) => p.program === 'crasher');
      if (s?.crashLoop) break;
      if (Date.now() > deadline) throw new Error(`no crash loop: ${JSON.stringify(s)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }, 60_000);

  it('refuses invalid input with field errors (422) and stores nothing', async () => {
    const r = await t.api.call('createSupervisorProgram', { body: program({ name: 'Bad Name', command: 'a\nb' }) });
    expect(r.status).toBe(422);
    const q = await t.api.call('createSupervisorProgram', { body: program({ name: 'quotes', command: 'sh -c "echo' }) });
    expect(q.status).toBe(422);
    expect(q.body.error?.fields).toEqual({ command: ['supervisor:errors.command_quotes'] });
    const dup = await t.api.call('createSupervisorProgram', { body: program() });
    expect(dup.status).toBe(422);
    expect(dup.body.error?.fields).toEqual({ name: ['supervisor:errors.duplicate'] });
  });
});
