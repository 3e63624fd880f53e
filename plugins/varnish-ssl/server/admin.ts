/**
 * The running Varnish through `varnishadm` (its admin port and secret): the apply's reload — load the new VCL under a
 * name made of its content and switch to it, keeping the previous one loaded so a rollback is one switch (`vcl.use`
 * of a VCL still loaded) — purges (`ban`), the loaded VCLs (`vcl.list`) and the request log (`varnishncsa -d`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Schemas } from '@portal/openapi';
import type { CheckOutcome, RunRequest, RunResult, ServerGateway } from '@portal/plugin-sdk/server';
import { defaultAdminPort, dropInPath, secretPath, startArgs, startedPath, vclPath, workDir } from './program.ts';

/** The admin port of the server's Varnish (`local`: a loopback port of the sandbox). */
export const adminAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('varnish-admin', defaultAdminPort);

/** Runs a `varnishadm` command (without a shell: every argument is one word of the CLI). */
export async function varnishadm(gateway: ServerGateway, args: RunRequest['args']): Promise<RunResult> {
  const { host, port } = await adminAddress(gateway);
  return gateway.run({ tool: 'varnishadm', args: ['-T', `${host}:${port}`, '-S', { path: secretPath }, ...args], timeoutMs: 20_000 });
}

/** The VCL's name in Varnish: its content's hash, so the same VCL is the same loaded one. */
export const vclName = (vcl: string) => `portal_${createHash('sha256').update(vcl).digest('hex').slice(0, 12)}`;

export interface LoadedVcl {
  name: string;
  state: string;
  active: boolean;
}

/** `vcl.list`: `active   auto    warm   0   portal_…` per line. */
export function parseVclList(out: string): LoadedVcl[] {
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((w) => w.length >= 5)
    .map((w) => ({ name: w[w.length - 1]!.slice(0, 100), state: w[2]!.slice(0, 20), active: w[0] === 'active' }));
}

export async function loadedVcls(gateway: ServerGateway): Promise<LoadedVcl[] | null> {
  if ((await gateway.service('varnish').status()).state !== 'running') return null;
  const r = await varnishadm(gateway, ['vcl.list']);
  return r.exitCode === 0 ? parseVclList(r.stdout) : null;
}

const outcome = (r: RunResult, done: string): CheckOutcome =>
  r.exitCode === 0 ? { status: 'passed', tool: 'varnishadm', output: done } : { status: 'failed', tool: 'varnishadm', output: `${r.stdout}${r.stderr}`.trim().slice(-20_000) };

/**
 * The apply's reload. No VCL (the first change undone): Varnish stops. Not running, or started with other start
 * parameters (memory, threads, listen): (re)started with the drop-in's command. Otherwise the VCL is loaded
 * (`vcl.load`: the full check, in the running daemon) and switched to (`vcl.use`); the VCL that was active stays
 * loaded, older portal VCLs are discarded.
 */
export async function reload(gateway: ServerGateway): Promise<CheckOutcome> {
  const control = gateway.service('varnish');
  const vcl = await gateway.readFile(vclPath);
  const dropIn = await gateway.readFile(dropInPath);
  if (vcl === null || dropIn === null) {
    await control.stop();
    return { status: 'passed', tool: 'varnishd', output: 'no configuration: stopped' };
  }
  if ((await gateway.readFile(secretPath)) === null)
    await gateway.writeFile({ path: secretPath, content: `${randomBytes(32).toString('hex')}\n`, mode: 0o600, secret: true });
  const command = startArgs(dropIn).join(' ');
  const running = (await control.status()).state === 'running';
  if (!running || (await gateway.readFile(startedPath))?.trim() !== command) {
    if (running) await control.stop();
    const started = await control.reload();
    if (started.status !== 'passed') return started;
    await gateway.writeFile({ path: startedPath, content: `${command}\n`, mode: 0o644 });
    // The VCL it started with is `boot`: loaded again under its content's name, so a later rollback finds it.
    return switchTo(gateway, vcl);
  }
  return switchTo(gateway, vcl);
}

/** Loads a VCL under its content's name (unless loaded already) and switches to it; keeps the one active before. */
async function switchTo(gateway: ServerGateway, vcl: string): Promise<CheckOutcome> {
  const before = (await loadedVcls(gateway)) ?? [];
  const name = vclName(vcl);
  const previous = before.find((v) => v.active)?.name;
  if (!before.some((v) => v.name === name)) {
    const loaded = await varnishadm(gateway, ['vcl.load', name, { path: vclPath }]);
    if (loaded.exitCode !== 0) return outcome(loaded, '');
  }
  const used = await varnishadm(gateway, ['vcl.use', name]);
  if (used.exitCode !== 0) return outcome(used, '');
  for (const v of before) if (v.name !== name && (v.name !== previous || v.name === 'boot')) await varnishadm(gateway, ['vcl.discard', v.name]);
  return { status: 'passed', tool: 'varnishadm', output: previous === name ? `${name} active` : `${name} active (${previous ?? 'none'} kept loaded)` };
}

/** Adds a ban; answers its expression, or null when Varnish does not run. */
export async function ban(gateway: ServerGateway, expression: string[]): Promise<RunResult | null> {
  if ((await gateway.service('varnish').status()).state !== 'running') return null;
  return varnishadm(gateway, ['ban', ...expression]);
}

/** The latest requests from the shared memory log (`varnishncsa -d`), or null when Varnish does not run. */
export async function requestLog(gateway: ServerGateway): Promise<string[] | null> {
  if ((await gateway.service('varnish').status()).state !== 'running') return null;
  const r = await gateway.run({
    tool: 'varnishncsa',
    args: ['-d', '-n', { path: workDir }, '-F', '%t %h "%r" %s %b %{Varnish:hitmiss}x %Dus'],
    timeoutMs: 20_000,
  });
  return r.stdout.split('\n').filter(Boolean);
}

/** Ban expressions of a purge (words of the CLI; the contract's patterns leave out quotes, spaces and backslashes). */
export function banExpression(p: Schemas['VarnishSslPurge']): string[] | undefined {
  if (p.scope === 'all') return ['req.url', '~', '.'];
  if (!p.host) return undefined;
  if (p.scope === 'site') return ['req.http.host', '==', p.host];
  return p.path ? ['req.http.host', '==', p.host, '&&', 'req.url', '==', p.path] : undefined;
}
