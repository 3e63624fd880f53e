/**
 * The zero-downtime release switch. Releases are directories `/var/www/nodejs/<app>/releases/<release>` the customer
 * uploads; the programs run `current/<script>`. A switch: (1) the release and its script exist, `node --check` passes;
 * (2) the release is started once on the app's health-check port (port+instances) with the app's environment and
 * must answer HTTP within 15 s — the check runs on the server (`node -e`), so it works over any gateway; (3) only
 * then `current` is replaced atomically (a new symlink renamed over it, `mv -T`); (4) the instances are restarted
 * one after the other, each waiting until it answers on its port again — with two or more instances one always
 * answers. Nothing before (3) touches what runs.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { controlSupervisorProcess } from '@portal/plugin-sdk/supervisor';
import { appPaths, groupName, programName, stageDir, unsandboxed } from './program.ts';
import { instanceService, renderEnvFile, type RenderableApp } from './render.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const releaseName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The release directories of an app, newest name first. */
export async function listReleases(gw: ServerGateway, app: string): Promise<string[]> {
  const dir = appPaths(app).releases;
  const r = await gw.run({ tool: 'find', args: [{ path: dir }, '-mindepth', '1', '-maxdepth', '1', '-type', 'd', '-printf', '%f\\n'], timeoutMs: 10_000 });
  if (r.exitCode !== 0) return [];
  return r.stdout
    .split('\n')
    .filter((n) => releaseName.test(n))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
}

/**
 * Starts `script` with the env file on `port`, waits for any HTTP answer (15 s), stops it. argv: node, env file,
 * script, directory, host, port. Exit 0: it answered.
 */
const healthCheck = `
const { spawn } = require('node:child_process');
const [node, envFile, script, dir, host, port] = process.argv.slice(1);
const child = spawn(node, ['--env-file=' + envFile, script], { cwd: dir, env: { ...process.env, PORT: port, HOST: host }, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));
let exited = null;
child.on('exit', (code) => (exited = code));
const end = (code, text) => { child.kill('SIGTERM'); console.log(text + (out ? '\\n' + out.slice(-3000) : '')); process.exit(code); };
const deadline = Date.now() + 15000;
(async () => {
  for (;;) {
    if (exited !== null) return end(1, 'exited with ' + exited + ' before it answered');
    try {
      const r = await fetch('http://' + (host.includes(':') ? '[' + host + ']' : host) + ':' + port + '/', { signal: AbortSignal.timeout(2000), redirect: 'manual' });
      return end(0, 'answered HTTP ' + r.status + ' on port ' + port);
    } catch {}
    if (Date.now() > deadline) return end(1, 'no HTTP answer on port ' + port + ' within 15 s');
    await new Promise((r) => setTimeout(r, 200));
  }
})();
`;

export interface SwitchContext {
  gw: ServerGateway;
  app: RenderableApp;
  /** The binary of the app's Node.js version (`undefined`: not installed). */
  node: string | undefined;
}

export type CheckResult = { ok: true; output: string } | { ok: false; output: string };

/** Steps (1) and (2): nothing that runs is touched. */
export async function checkRelease({ gw, app, node }: SwitchContext, release: string): Promise<CheckResult> {
  if (!node) return { ok: false, output: `Node.js ${app.nodeVersion} is not installed on the server` };
  if (!releaseName.test(release)) return { ok: false, output: 'not a release name' };
  const paths = appPaths(app.name);
  const dir = `${paths.releases}/${release}`;
  const script = `${dir}/${app.script}`;
  if ((await gw.run({ tool: 'test', args: ['-d', { path: dir }] })).exitCode !== 0) return { ok: false, output: `${dir} does not exist` };
  if ((await gw.run({ tool: 'test', args: ['-f', { path: script }] })).exitCode !== 0) return { ok: false, output: `${script} does not exist` };
  const syntax = await gw.run({ tool: 'env', args: [node, '--check', { path: script }], timeoutMs: 20_000 });
  if (syntax.exitCode !== 0) return { ok: false, output: unsandboxed(gw, syntax.stderr || syntax.stdout).slice(-4000) };
  const envFile = `${stageDir}/${app.name}.check.env`;
  const at = await gw.listenAddress(instanceService(app.name, 'check'), app.port + app.instances);
  await gw.writeFile({ path: envFile, content: renderEnvFile(app), mode: 0o600, secret: true });
  try {
    const r = await gw.run({
      tool: 'env',
      args: [node, '-e', healthCheck, node, { path: envFile }, { path: script }, { path: dir }, at.host, String(at.port)],
      timeoutMs: 30_000,
    });
    const output = unsandboxed(gw, r.stdout + r.stderr).trim().slice(-4000);
    return r.exitCode === 0 ? { ok: true, output } : { ok: false, output: output || (r.timedOut ? 'timed out' : `exit ${r.exitCode}`) };
  } finally {
    await gw.removeFile(envFile);
  }
}

/** Step (3): `current` → `releases/<release>`, atomically (rename of a new symlink over the old one). */
export async function linkRelease(gw: ServerGateway, app: string, release: string): Promise<void> {
  const paths = appPaths(app);
  const next = `${paths.dir}/.current-next`;
  const ln = await gw.run({ tool: 'ln', args: ['-sfn', `releases/${release}`, { path: next }] });
  if (ln.exitCode !== 0) throw new Error(`ln: ${ln.stderr}`);
  const mv = await gw.run({ tool: 'mv', args: ['-T', { path: next }, { path: paths.current }] });
  if (mv.exitCode !== 0) throw new Error(`mv: ${mv.stderr}`);
}

/** Whether something answers HTTP at the instance's address (reached through the gateway). */
export async function answers(gw: ServerGateway, app: { name: string; port: number }, instance: number | 'check', timeoutMs: number): Promise<boolean> {
  const target = await gw.reach(await gw.listenAddress(instanceService(app.name, instance), app.port + (instance === 'check' ? 0 : instance)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(`http://${target.host}:${target.port}/`, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
      return true;
    } catch {
      if (Date.now() > deadline) return false;
      await sleep(200);
    }
  }
}

/** Step (4): restart the instances one after the other, each until it answers again; the instances that did not. */
export async function rollingRestart(gw: ServerGateway, app: RenderableApp): Promise<number[]> {
  const silent: number[] = [];
  for (let i = 0; i < app.instances; i++) {
    await controlSupervisorProcess(gw, `${groupName(app.name)}:${programName(app.name, i)}`, 'restart');
    if (!(await answers(gw, app, i, 20_000))) silent.push(i);
  }
  return silent;
}
