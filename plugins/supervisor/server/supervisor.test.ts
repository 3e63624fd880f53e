/**
 * The `supervisor` section through the API: a real portal over its own database, the `local` gateway running a
 * private supervisord (Debian's `supervisor`) in the sandbox of the server.
 */
import fs from 'node:fs';
import { demoLogins, hasProgram, startPluginPortal, type PluginPortal, type TestClient } from '@portal/plugin-sdk/testing';
import type { ResponseOf, Schemas } from '@portal/openapi';
import type { ApiOperations } from '../generated/operations.ts';
import { programFilePath } from './render.ts';
import { crashWatch } from './watch.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  // The crash-loop watcher looks every second here (a minute in the portal).
  crashWatch.everyMs = 1000;
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
  environment: [],
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

  type Notice = ResponseOf<'listNotifications'>['data'][number];
  /** The crash-loop notices about `program` in a user's notification centre. */
  const crashNotices = async (client: TestClient, program: string): Promise<Notice[]> => {
    const r = await client.get('/api/v1/notifications');
    expect(r.status).toBe(200);
    return (r.body.data as Notice[]).filter((n) => n.kind === 'managed_notice' && n.message.en.includes(`program ${program} `));
  };
  const until = async (what: string, done: () => Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };

  it('notices a crash loop (a program that exits at once ends BACKOFF/FATAL): one notice in the notification centre per loop, for the users of the server only', async () => {
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

    // Without the section open: the watcher raises the notice for the administrator of the server's cluster.
    await until('the crash-loop notice', async () => (await crashNotices(t.admin, 'crasher')).length > 0);
    const [notice] = await crashNotices(t.admin, 'crasher');
    expect(notice).toMatchObject({ isRead: false, link: `/clusters/${t.cluster.id}/servers/${t.server.id}/managed/supervisor`, external: false });
    expect(notice.title.en).toBe(`crasher keeps crashing on ${t.server.name}`);
    expect(notice.title.de).toBe(`crasher stürzt auf ${t.server.name} immer wieder ab`);
    expect(notice.message.de).toContain('Das Supervisor-Programm crasher auf Server');
    // Several looks later still one notice: the loop is announced once, not once per look.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(await crashNotices(t.admin, 'crasher')).toHaveLength(1);
    // The administrator of another customer's cluster learns nothing about it.
    const other = await t.signIn(demoLogins.other);
    expect(await crashNotices(other, 'crasher')).toEqual([]);

    // Running again, then crashing again: a new loop, a second notice.
    const id = (await t.api.call('listSupervisorPrograms')).body.data.find((p) => p.name === 'crasher')!.id;
    const fixed = await t.api.call('updateSupervisorProgram', { path: { programId: id }, body: program({ name: 'crasher', command: 'sh -c "sleep 600"', startsecs: 1 }) });
    expect((await t.waitForJob(fixed.body.id)).status).toBe('succeeded');
    await statusOf('crasher', 'RUNNING');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const broken = await t.api.call('updateSupervisorProgram', { path: { programId: id }, body: program({ name: 'crasher', command: 'sh -c "exit 3"', autorestart: 'always', startsecs: 2 }) });
    expect((await t.waitForJob(broken.body.id)).status).toBe('succeeded');
    await until('the second crash-loop notice', async () => (await crashNotices(t.admin, 'crasher')).length === 2);
    expect(await crashNotices(other, 'crasher')).toEqual([]);
  }, 90_000);

  it('R2.032 environment: a secret reaches the process, never the API answer, the diff, the files view or the job; the log tail follows with a cursor', async () => {
    const secret = 's3cr3t%Zq9-tok';
    const command = `sh -c 'echo "token=$TOKEN env=$APP_ENV"; i=0; while true; do i=$((i+1)); echo "line $i"; sleep 1; done'`;
    const environment = [
      { name: 'APP_ENV', value: 'prod', secret: false },
      { name: 'TOKEN', value: secret, secret: true },
    ];
    const created = await t.api.call('createSupervisorProgram', { body: program({ name: 'envprint', command, environment }) });
    expect(created.status).toBe(202);
    expect(JSON.stringify(created.body)).not.toContain(secret);
    const job = await t.waitForJob(created.body.id);
    expect(job.status).toBe('succeeded');
    expect(JSON.stringify(job)).not.toContain('s3cr3t');
    // The file holds it (supervisord reads it there), written as supervisord quotes it.
    expect(await file()).toContain(`environment=APP_ENV="prod",TOKEN="s3cr3t%%Zq9-tok"\n`);
    await statusOf('envprint', 'RUNNING');

    const listed = (await t.api.call('listSupervisorPrograms')).body;
    expect(JSON.stringify(listed)).not.toContain('s3cr3t');
    const envprint = listed.data.find((x) => x.name === 'envprint')!;
    expect(envprint.environment).toEqual([
      { name: 'APP_ENV', secret: false, set: true, value: 'prod' },
      { name: 'TOKEN', secret: true, set: true },
    ]);
    const got = await t.api.call('getSupervisorProgram', { path: { programId: envprint.id } });
    expect(JSON.stringify(got.body)).not.toContain('s3cr3t');

    // The change log's diff shows the line, the secret masked; so does the files view.
    const change = (await t.changes()).data[0];
    expect(change.diff).toContain('+environment=APP_ENV="prod",TOKEN=********');
    expect(JSON.stringify(change)).not.toContain('s3cr3t');
    const files = await t.api.call('getSupervisorFiles');
    expect(files.body.files[0].content).toContain('TOKEN=********');
    expect(JSON.stringify(files.body)).not.toContain('s3cr3t');

    // The process got the value exactly as typed (the % included).
    const logOf = (query: { lines?: number; after?: number }) =>
      t.api.call('getSupervisorProgramLog', { path: { programId: envprint.id }, query });
    let first = (await logOf({ lines: 50 })).body;
    for (let i = 0; i < 50 && !first.lines.some((l) => l.startsWith('line ')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      first = (await logOf({ lines: 50 })).body;
    }
    expect(first.lines).toContain(`token=${secret} env=prod`);

    // The tail: with the cursor of the last answer only the lines written since come.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const next = (await logOf({ after: first.offset })).body;
    expect(next.rotated).toBe(false);
    expect(next.offset).toBeGreaterThan(first.offset);
    expect(next.lines.length).toBeGreaterThan(0);
    expect(next.lines.every((l) => /^line \d+$/.test(l))).toBe(true);
    const lastBefore = Number(
      first.lines
        .filter((l) => l.startsWith('line '))
        .at(-1)!
        .slice(5),
    );
    expect(Number(next.lines[0].slice(5))).toBe(lastBefore + 1);
    expect((await logOf({ after: next.offset + 1_000_000 })).body).toMatchObject({ rotated: true });

    // Saved again without the secret's value: the stored one stays; a secret made plain without a value is refused.
    const kept = await t.api.call('updateSupervisorProgram', {
      path: { programId: envprint.id },
      body: program({
        name: 'envprint',
        command,
        environment: [
          { name: 'APP_ENV', value: 'stage', secret: false },
          { name: 'TOKEN', secret: true },
        ],
      }),
    });
    expect(kept.status).toBe(202);
    expect((await t.waitForJob(kept.body.id)).status).toBe('succeeded');
    expect(await file()).toContain(`environment=APP_ENV="stage",TOKEN="s3cr3t%%Zq9-tok"\n`);
    expect((await t.changes()).data[0].diff).toContain('+environment=APP_ENV="stage",TOKEN=********');
    const reveal = await t.api.call('updateSupervisorProgram', {
      path: { programId: envprint.id },
      body: program({ name: 'envprint', command, environment: [{ name: 'TOKEN', secret: false }] }),
    });
    expect(reveal.status).toBe(422);
    expect(reveal.body.error?.fields).toEqual({ environment: ['supervisor:errors.environment_unset'] });
  }, 90_000);

  it('refuses a bad variable name, a name twice and a value supervisord cannot carry (422); nothing stored', async () => {
    const before = (await t.api.call('listSupervisorPrograms')).body.data.length;
    const bad = await t.api.call('createSupervisorProgram', {
      body: program({ name: 'envbad', environment: [{ name: 'bad-name', value: 'x', secret: false }] }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error?.fields ?? {})).toEqual(['environment.0.name']);
    const twice = await t.api.call('createSupervisorProgram', {
      body: program({
        name: 'envbad',
        environment: [
          { name: 'A', value: '1', secret: false },
          { name: 'A', value: '2', secret: true },
        ],
      }),
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error?.fields).toEqual({ environment: ['supervisor:errors.environment_duplicate'] });
    for (const value of ['say "hi"', "'quoted'", 'a ;comment', 'two\nlines']) {
      const r = await t.api.call('createSupervisorProgram', {
        body: program({ name: 'envbad', environment: [{ name: 'A', value, secret: false }] }),
      });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.error?.fields ?? {})).toEqual(['environment.0.value']);
    }
    const comment = await t.api.call('createSupervisorProgram', { body: program({ name: 'envbad', command: 'sh -c "sleep 5 ; exit 0"' }) });
    expect(comment.body.error?.fields).toEqual({ command: ['supervisor:errors.command_comment'] });
    expect((await t.api.call('listSupervisorPrograms')).body.data.length).toBe(before);
  });

  it('a crash loop that never reaches BACKOFF: more than 3 exits within a minute; reloads and stops do not count', async () => {
    const created = await t.api.call('createSupervisorProgram', {
      body: program({ name: 'flapper', command: 'sh -c "sleep 2; exit 1"', autorestart: 'always', startsecs: 1 }),
    });
    const job = await t.waitForJob(created.body.id);
    if (job.status !== 'succeeded') throw new Error(`apply failed: ${JSON.stringify(job.validation ?? job.log.at(-2))}`);
    const deadline = Date.now() + 40_000;
    for (;;) {
      const s = (await t.api.call('getSupervisorStatus')).body.processes.find((p) => p.program === 'flapper');
      if (s?.crashLoop) {
        expect(s.restarts).toBeGreaterThan(3);
        expect(['RUNNING', 'STARTING', 'EXITED']).toContain(s.state);
        break;
      }
      if (Date.now() > deadline) throw new Error(`no crash loop: ${JSON.stringify(s)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const ticker = (await t.api.call('getSupervisorStatus')).body.processes.find((p) => p.program === 'ticker');
    expect(ticker).toMatchObject({ crashLoop: false });
  }, 60_000);

  it('R2.032 rollback through the API: after a change to two processes of another command, the previous definition runs again (read from supervisord and from the processes themselves)', async () => {
    /** The processes of `versioned` once supervisord reports exactly `processes`, all RUNNING, with their command lines. */
    const running = async (processes: string[], timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await t.api.call('getSupervisorStatus')).body.processes.filter((p) => p.program === 'versioned');
        if (found.map((p) => p.process).join() === processes.join() && found.every((p) => p.state === 'RUNNING')) {
          // The pid supervisorctl names, and what that process really runs (the local gateway's supervisord runs on this machine).
          return found.map((p) => fs.readFileSync(`/proc/${/pid (\d+)/.exec(p.detail)![1]}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
        }
        if (Date.now() > deadline) throw new Error(`versioned is not ${processes.join()}: ${JSON.stringify(found)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    const created = await t.api.call('createSupervisorProgram', { body: program({ name: 'versioned', command: '/bin/sleep 601' }) });
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    expect(await running(['versioned'])).toEqual(['/bin/sleep 601']);
    const before = await file();
    const id = (await t.api.call('listSupervisorPrograms')).body.data.find((p) => p.name === 'versioned')!.id;

    const changed = await t.api.call('updateSupervisorProgram', { path: { programId: id }, body: program({ name: 'versioned', command: '/bin/sleep 602', numprocs: 2 }) });
    expect((await t.waitForJob(changed.body.id)).status).toBe('succeeded');
    expect(await running(['versioned:versioned_00', 'versioned:versioned_01'])).toEqual(['/bin/sleep 602', '/bin/sleep 602']);
    const change = (await t.changes()).data[0];

    const job = await t.applied('POST', `${t.base()}/managed/plugins/supervisor/rollback`);
    expect(job.kind).toBe('rollback');
    expect(await file()).toBe(before);
    expect(await running(['versioned'])).toEqual(['/bin/sleep 601']);
    // The desired state went back with it: the list shows the old definition, and the change is marked rolled back.
    expect((await t.api.call('getSupervisorProgram', { path: { programId: id } })).body).toMatchObject({ command: '/bin/sleep 601', numprocs: 1 });
    expect((await t.changes()).data.find((c) => c.id === change.id)).toMatchObject({ status: 'rolled_back' });
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
