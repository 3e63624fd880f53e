/**
 * The check of the plugin's files by the real programs, on staged copies (`/var/lib/portal-email/check`), so a
 * broken table never reaches the live one: each Postfix table through `postmap` (the `.db` built next to the copy),
 * the server's `main.cf`/`master.cf` with the tables' paths pointed at the copies through `postfix -c <copy> check`,
 * and Dovecot's snippet and passwd-file through `doveconf -c <copy>/dovecot.conf -n`. The reload step builds the live
 * `.db` files with `postmap` and reloads Postfix.
 */
import type { CheckOutcome, ConfigFile, PathArg, ServerGateway } from '@portal/plugin-sdk/gateway';
import { dovecotConfPath, dovecotPasswdPath, mainCfPath, mapNames, mapPath, mapsDir, masterCfPath, postfixDir, renderMainCf, renderMasterCf, stageDir } from './program.ts';

const trim = (s: string) => s.trim().slice(-4000);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs a tool; its output when it fails — or warns: `postmap` only warns about a line it skips (`key` without a value). */
async function run(gw: ServerGateway, tool: string, args: (string | PathArg)[]): Promise<string | undefined> {
  const r = await gw.run({ tool, args, timeoutMs: 30_000 });
  const output = trim(`${r.stderr}${r.stdout}`);
  return r.exitCode === 0 && !/warning:/.test(output) ? undefined : output || (r.timedOut ? `${tool} timed out` : `${tool} exit ${r.exitCode}`);
}

/** Points a configuration's references to `from` (server path) at `to` (server path), as the gateway maps them. */
const repoint = (gw: ServerGateway, text: string, from: string, to: string) => text.replace(new RegExp(escape(gw.hostPath(from)), 'g'), gw.hostPath(to));

export async function checkMail(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  for (const tool of ['postmap', 'postfix', 'doveconf'])
    if (!(await gw.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const content = (path: string) => files.find((f) => f.path === path)?.content ?? '';
  const stagedPostfix = `${stageDir}/postfix`;
  const stagedMaps = `${stagedPostfix}/portal`;
  const stagedDovecot = `${stageDir}/dovecot`;

  // Postfix: the tables, then the server's configuration pointing at them.
  for (const name of mapNames) await gw.writeFile({ path: `${stagedMaps}/${name}`, content: content(mapPath(name)), mode: 0o644 });
  const main = (await gw.readFile(mainCfPath)) ?? renderMainCf((p) => gw.hostPath(p), { instance: false });
  const master = (await gw.readFile(masterCfPath)) ?? renderMasterCf(25);
  await gw.writeFile({ path: `${stagedPostfix}/main.cf`, content: repoint(gw, main, mapsDir, stagedMaps), mode: 0o644 });
  await gw.writeFile({ path: `${stagedPostfix}/master.cf`, content: master, mode: 0o644 });
  for (const name of mapNames) {
    const failed = await run(gw, 'postmap', ['-c', { path: stagedPostfix }, { path: `${stagedMaps}/${name}` }]);
    if (failed) return { status: 'failed', tool: 'postmap', output: `${name}: ${failed}` };
  }
  const check = await gw.run({ tool: 'postfix', args: ['-c', { path: stagedPostfix }, 'check'], timeoutMs: 30_000 });
  const checkOutput = trim(`${check.stderr}${check.stdout}`);
  if (check.exitCode !== 0 || /fatal:/i.test(checkOutput)) return { status: 'failed', tool: 'postfix', output: checkOutput || `postfix check exit ${check.exitCode}` };

  // Dovecot: the snippet (its passwd-file pointed at the copy) included by a minimal main configuration.
  await gw.writeFile({ path: `${stagedDovecot}/passwd`, content: content(dovecotPasswdPath), mode: 0o600 });
  await gw.writeFile({ path: `${stagedDovecot}/90-portal-mail.conf`, content: repoint(gw, content(dovecotConfPath), dovecotPasswdPath, `${stagedDovecot}/passwd`), mode: 0o644 });
  await gw.writeFile({
    path: `${stagedDovecot}/dovecot.conf`,
    content: `protocols = imap\nssl = no\n!include ${gw.hostPath(`${stagedDovecot}/90-portal-mail.conf`)}\n`,
    mode: 0o644,
  });
  const dove = await gw.run({ tool: 'doveconf', args: ['-c', { path: `${stagedDovecot}/dovecot.conf` }, '-n'], timeoutMs: 30_000 });
  if (dove.exitCode !== 0) return { status: 'failed', tool: 'doveconf', output: trim(`${dove.stderr}${dove.stdout}`) || `doveconf exit ${dove.exitCode}` };
  return { status: 'passed', tool: 'postfix', output: `postmap: ${mapNames.length} tables; postfix check; doveconf -n` };
}

/** The reload step: the live tables' `.db` files (`postmap`), then Postfix takes them (`postfix reload`; the private instance starts). */
export async function reloadMail(gw: ServerGateway): Promise<CheckOutcome> {
  if ((await gw.hasTool('postmap')).available)
    for (const name of mapNames) {
      if ((await gw.readFile(mapPath(name))) === null) continue;
      const failed = await run(gw, 'postmap', ['-c', { path: postfixDir }, { path: mapPath(name) }]);
      if (failed) return { status: 'failed', tool: 'postmap', output: `${name}: ${failed}` };
    }
  return gw.service('postfix').reload();
}
