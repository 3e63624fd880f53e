/**
 * The check and the reload of the module's files, by the real Postfix.
 *
 * Check, on a staged copy (`/var/lib/portal-postfix/check`) so a refused configuration never reaches the live one:
 * the server's `main.cf` and `master.cf` copied there, the new settings merged into the copy with `postconf -c
 * <copy> -e` (the relay login pointed at a staged copy of `sasl_passwd`, which `postmap -s texthash:` must read),
 * then `postfix -c <copy> check`, and `postconf -c <copy> -n` must not warn about one of the module's parameters.
 *
 * Reload: the settings merged into the live `main.cf` (`postconf -e`, this module's keys only), then Postfix takes
 * them (`gateway.service('postfix')`: `postfix reload` on the private instance, `systemctl reload postfix` on a
 * real server).
 */
import type { CheckOutcome, ConfigFile, PathArg, ServerGateway } from '@portal/plugin-sdk/gateway';
import { parameterLines } from './render.ts';
import { mainCfPath, masterCfPath, postfixDir, saslPasswdPath, settingsPath, stageDir } from './program.ts';

const trim = (s: string) => s.trim().slice(-4000);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function run(gw: ServerGateway, tool: string, args: (string | PathArg)[]): Promise<{ ok: boolean; output: string }> {
  const r = await gw.run({ tool, args, timeoutMs: 30_000 });
  const output = trim(`${r.stderr}${r.stdout}`);
  return { ok: r.exitCode === 0, output: output || (r.timedOut ? `${tool} timed out` : `${tool} exit ${r.exitCode}`) };
}

export async function checkMta(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  for (const tool of ['postconf', 'postfix', 'postmap'])
    if (!(await gw.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const content = (path: string) => files.find((f) => f.path === path)?.content ?? '';
  // The copy's configuration directory (a directory below the declared `stageDir/**`).
  const staged = `${stageDir}/postfix`;
  const stagedMain = `${staged}/main.cf`;
  const stagedSasl = `${staged}/sasl_passwd`;
  await gw.writeFile({ path: stagedMain, content: (await gw.readFile(mainCfPath)) ?? 'compatibility_level = 3.6\n', mode: 0o644 });
  await gw.writeFile({ path: `${staged}/master.cf`, content: (await gw.readFile(masterCfPath)) ?? '', mode: 0o644 });
  await gw.writeFile({ path: stagedSasl, content: content(saslPasswdPath), mode: 0o600 });

  const table = await run(gw, 'postmap', ['-c', { path: staged }, '-s', `texthash:${gw.hostPath(stagedSasl)}`]);
  if (!table.ok || /warning:/.test(table.output)) return { status: 'failed', tool: 'postmap', output: `sasl_passwd: ${table.output}` };

  const lines = parameterLines(content(settingsPath)).map((l) =>
    l.replace(new RegExp(escape(gw.hostPath(saslPasswdPath)), 'g'), gw.hostPath(stagedSasl)),
  );
  const names = lines.map((l) => l.split(' ')[0]);
  if (lines.length) {
    const merged = await run(gw, 'postconf', ['-c', { path: staged }, '-e', ...lines]);
    if (!merged.ok) return { status: 'failed', tool: 'postconf', output: merged.output };
  }
  const check = await run(gw, 'postfix', ['-c', { path: staged }, 'check']);
  if (!check.ok || /fatal:/i.test(check.output))
    return { status: 'failed', tool: 'postfix', output: check.output || 'postfix check failed' };
  const shown = await run(gw, 'postconf', ['-c', { path: staged }, '-n', ...names]);
  const warning = shown.output.split('\n').find((l) => /warning:/.test(l) && names.some((n) => l.includes(n)));
  if (!shown.ok || warning) return { status: 'failed', tool: 'postconf', output: warning ?? shown.output };
  return { status: 'passed', tool: 'postfix', output: `postconf -e: ${lines.length} parameters; postmap -s; postfix check` };
}

export async function reloadMta(gw: ServerGateway): Promise<CheckOutcome> {
  const lines = parameterLines((await gw.readFile(settingsPath)) ?? '');
  // A server whose main.cf is not there yet (a private instance that never ran) gets it from its runner, with these lines.
  if (lines.length && (await gw.readFile(mainCfPath)) !== null) {
    const merged = await run(gw, 'postconf', ['-c', { path: postfixDir }, '-e', ...lines]);
    if (!merged.ok) return { status: 'failed', tool: 'postconf', output: merged.output };
  }
  return gw.service('postfix').reload();
}
