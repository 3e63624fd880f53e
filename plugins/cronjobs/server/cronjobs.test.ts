/**
 * The cron jobs section through the API: a real portal over its own database with the demo data and
 * the plugin's fixtures, the `local` gateway writing into a sandbox per server.
 */
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { cronFilePath } from './render.ts';

let t: PluginPortal<ApiOperations>;
const jobs = () => `${t.base()}/cronjobs`;
const good = { schedule: '*/10 * * * *', command: 'php /var/www/app/artisan queue:work --stop-when-empty', user: 'www-data', enabled: true };
const list = async () => (await t.admin.get(jobs())).body.data as { id: number; command: string; enabled: boolean }[];
const cronFile = () => t.file(cronFilePath);

beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { cluster: '20011', server: (s) => s.name.startsWith('web01') });
});
afterAll(() => t?.stop());

describe('cron jobs (R2.029)', () => {
  it('R2.029 lists the demo jobs of web01 with the next five runs, the server time zone and the allowed users; last runs are unknown', async () => {
    const r = await t.api.call('listCronjobs');
    expect(r.status).toBe(200);
    expect(r.body.timeZone).toBe('Europe/Berlin');
    expect(r.body.users).toEqual(['www-data', 'deploy']);
    expect(r.body.data.length).toBeGreaterThanOrEqual(3);
    const everyMinute = r.body.data.find((j) => j.schedule === '* * * * *')!;
    expect(everyMinute).toMatchObject({ user: 'www-data', enabled: true, lastRunAt: null, lastExitCode: null });
    expect(everyMinute.nextRuns).toHaveLength(5);
    const [a, b] = everyMinute.nextRuns.map((s) => Date.parse(s));
    expect(b - a).toBe(60_000);
    expect(a).toBeGreaterThan(t.portal.clock.now().getTime());
  });

  it('pages the list (the SDK resource): per_page and page, total of all; a page size above 100 (the limit of every list) is refused', async () => {
    const all = await t.api.call('listCronjobs');
    const second = await t.api.call('listCronjobs', { query: { page: 2, per_page: 2 } });
    expect(second.status).toBe(200);
    expect(second.body.total).toBe(all.body.total);
    expect(second.body.data.map((j) => j.id)).toEqual(all.body.data.slice(2, 4).map((j) => j.id));
    expect((await t.admin.get(`${jobs()}?per_page=101`)).status).toBe(422);
  });

  it('R2.029 create: stored, cron.d file written, validation reported as skipped (cron has no check), change logged', async () => {
    const before = (await list()).length;
    const job = await t.applied('POST', jobs(), { ...good, command: 'date +%F >> /var/log/app/dates.log; echo "$HOME" {a,b}' });
    expect(job).toMatchObject({ serverId: t.server.id, validation: { status: 'skipped', reason: 'not_supported', tool: 'cron' } });
    expect(job.log.map((l: { step: string }) => l.step)).toEqual(['queued', 'writing', 'validating', 'reloading', 'done']);

    const after = await list();
    expect(after).toHaveLength(before + 1);
    const file = await cronFile();
    expect(file).toContain('*/10 * * * * www-data date +\\%F >> /var/log/app/dates.log; echo "$HOME" {a,b}\n');
    // shell syntax in a command stays inside its one line: every job line starts with a schedule and a user
    const lines = file!.split('\n').filter((l) => l && !l.startsWith('#') && !/^[A-Z]+=/.test(l));
    expect(lines).toHaveLength(after.filter((j) => j.enabled).length);
    for (const l of lines) expect(l).toMatch(/^(\S+ \S+ \S+ \S+ \S+|@\w+) (www-data|deploy) \S/);

    const change = (await t.changes()).data[0];
    expect(change).toMatchObject({ pluginId: 'cronjobs', status: 'applied', summary: { key: 'cronjobs:changes.created', values: { schedule: '*/10 * * * *', user: 'www-data' } } });
    expect(change.diff).toContain(`+++ ${cronFilePath}`);
    const rendered = await t.api.call('getCronjobsFiles');
    expect(rendered.body).toEqual({ files: [{ path: cronFilePath, content: file, mode: '0644', secret: false }], applied: true });
  });

  it.each([
    ['R2.029 an impossible date (0 0 31 2 *)', { schedule: '0 0 31 2 *' }, 'schedule', 'cronjobs:errors.schedule_never'],
    ['30 February on a weekday field', { schedule: '0 0 30 2 *' }, 'schedule', 'cronjobs:errors.schedule_never'],
    ['a minute of 60', { schedule: '60 * * * *' }, 'schedule', 'cronjobs:errors.schedule_range'],
    ['four fields', { schedule: '* * * *' }, 'schedule', 'cronjobs:errors.schedule_format'],
    ['seconds and L (cron-parser only)', { schedule: '0 0 0 L * *' }, 'schedule', 'cronjobs:errors.schedule_format'],
    ['@reboot', { schedule: '@reboot' }, 'schedule', 'cronjobs:errors.schedule_format'],
    ['a newline in the schedule', { schedule: '* * * * *\n* * * * * root id' }, 'schedule', 'validation.pattern'],
    ['a semicolon in the schedule', { schedule: '* * * * 1;2' }, 'schedule', 'validation.pattern'],
    ['braces in the schedule', { schedule: '* * * * {1}' }, 'schedule', 'validation.pattern'],
    ['a dollar in the schedule', { schedule: '* * * * $X' }, 'schedule', 'validation.pattern'],
    ['a newline in the command', { command: 'id\n* * * * * root rm -rf /' }, 'command', 'validation.pattern'],
    ['a carriage return in the command', { command: 'id\r* * * * * root id' }, 'command', 'validation.pattern'],
    ['a tab in the command', { command: 'id\tx' }, 'command', 'validation.pattern'],
    ['a line separator in the command', { command: 'id\u2028x' }, 'command', 'validation.pattern'],
    ['a backslash before %', { command: 'date +\\%F' }, 'command', 'cronjobs:errors.command_backslash_percent'],
    ['a blank command', { command: '   ' }, 'command', 'cronjobs:errors.command_required'],
    ['root as user', { user: 'root' }, 'user', 'validation.enum'],
    ['a user with a space', { user: 'www-data root' }, 'user', 'validation.enum'],
    ['an unknown property', { mailto: 'x@example.com' }, 'mailto', 'validation.additionalProperties'],
  ])('refuses %s with 422 on the field: nothing stored, nothing applied', async (_what, patch, field, key) => {
    const [count, changes, fileBefore] = [(await list()).length, (await t.changes()).total, await cronFile()];
    const r = await t.admin.request('POST', jobs(), { ...good, ...patch });
    expect(r.status).toBe(422);
    expect(r.body.error.fields[field]).toContain(key);
    expect(await list()).toHaveLength(count);
    expect((await t.changes()).total).toBe(changes);
    expect(await cronFile()).toBe(fileBefore);
  });

  it('refuses a second identical job (422 duplicate)', async () => {
    await t.applied('POST', jobs(), { ...good, command: 'echo once' });
    const again = await t.admin.request('POST', jobs(), { ...good, command: ' echo once ' });
    expect(again.status).toBe(422);
    expect(again.body.error.fields.command).toEqual(['cronjobs:errors.duplicate']);
  });

  it('get, edit (disable) and the disabled job is commented out in the file; editing with an impossible schedule is 422 and changes nothing', async () => {
    await t.applied('POST', jobs(), { ...good, schedule: '0 3 * * mon-fri', command: 'php bin/console cache:clear', user: 'deploy' });
    const id = (await list()).find((j) => j.command === 'php bin/console cache:clear')!.id;
    const one = await t.admin.get(`${jobs()}/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, schedule: '0 3 * * mon-fri', user: 'deploy', enabled: true });
    expect(new Date(one.body.nextRuns[0]).getUTCDay()).toBeGreaterThanOrEqual(1);
    expect(await cronFile()).toContain('0 3 * * 1-5 deploy php bin/console cache:clear\n');

    const bad = await t.admin.request('PUT', `${jobs()}/${id}`, { schedule: '0 0 31 2 *', command: 'php bin/console cache:clear', user: 'deploy', enabled: true });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.schedule).toEqual(['cronjobs:errors.schedule_never']);
    expect((await t.admin.get(`${jobs()}/${id}`)).body.schedule).toBe('0 3 * * mon-fri');

    await t.applied('PUT', `${jobs()}/${id}`, { schedule: '0 3 * * mon-fri', command: 'php bin/console cache:clear', user: 'deploy', enabled: false });
    expect((await t.admin.get(`${jobs()}/${id}`)).body).toMatchObject({ enabled: false, nextRuns: [] });
    expect(await cronFile()).toContain(`# job ${id} (disabled)\n#disabled# 0 3 * * 1-5 deploy php bin/console cache:clear\n`);
  });

  it('delete, then roll back: the job and the file come back', async () => {
    await t.applied('POST', jobs(), { ...good, command: 'echo keep me' });
    const job = (await list()).find((j) => j.command === 'echo keep me')!;
    const withJob = await cronFile();

    await t.applied('DELETE', `${jobs()}/${job.id}`);
    expect((await t.admin.get(`${jobs()}/${job.id}`)).status).toBe(404);
    expect(await cronFile()).not.toContain('echo keep me');
    expect((await t.changes()).data[0].summary).toMatchObject({ key: 'cronjobs:changes.deleted', values: { command: 'echo keep me' } });

    await t.applied('POST', `${t.base()}/managed/plugins/cronjobs/rollback`);
    expect((await t.admin.get(`${jobs()}/${job.id}`)).body).toMatchObject({ id: job.id, command: 'echo keep me' });
    expect(await cronFile()).toBe(withJob);
  });

  it('applyCronjobs stops at a manual edit on the server (drift, issue 24 §2); overwriting writes the stored jobs again', async () => {
    await t.portal.managed.gateway(t.server.id).writeFile({ path: cronFilePath, content: '* * * * * root echo tampered\n' });
    const r = await t.admin.request('POST', `${jobs()}/apply`);
    const stopped = await t.waitForJob(r.body.id);
    expect(stopped).toMatchObject({ status: 'failed', validation: { output: 'job.drift' } });
    expect(await cronFile()).toContain('tampered');
    await t.applied('POST', `${t.base()}/managed/plugins/cronjobs/drift/${stopped.id}/overwrite`);
    expect(await cronFile()).not.toContain('tampered');
    expect((await t.api.call('getCronjobsFiles')).body).toMatchObject({ applied: true });
  });

  it('a job of another server and an unknown id are 404 (a server without cron jobs: describeAccessMatrix)', async () => {
    const id = (await list())[0].id;
    const web02 = t.cluster.servers.find((s) => s.name.startsWith('web02'))!.id;
    expect((await t.admin.get(`${t.base(t.cluster.id, web02)}/cronjobs/${id}`)).status).toBe(404);
    expect((await t.admin.request('DELETE', `${t.base(t.cluster.id, web02)}/cronjobs/${id}`)).status).toBe(404);
    expect((await t.admin.get(`${jobs()}/999999`)).status).toBe(404);
  });
});

describeAccessMatrix(() => t, { createCronjob: { body: good }, updateCronjob: { body: good } });
