/**
 * The reload step: ProFTPD's quota tables are binary files (mod_quotatab_file) that only `ftpquota` writes, so render
 * cannot produce them. The rendered quota list (`portal-quota.tsv`, versioned with the other files, so a rollback
 * restores it too) is turned into a fresh limit table here, then the daemon is reloaded. The tally table (what each
 * account has uploaded) is created once and kept, so an apply does not reset the usage.
 */
import type { CheckOutcome, PathArg, ServerGateway } from '@portal/plugin-sdk/gateway';
import { quotaLimitPath, quotaListPath, quotaTallyPath } from './program.ts';

const quotaLine = /^([a-z][a-z0-9._-]{1,31})\t([0-9]{1,16})$/;

/** The accounts and byte limits of a rendered quota list. */
export function parseQuotaList(content: string | null): { login: string; bytes: number }[] {
  return (content ?? '')
    .split('\n')
    .map((l) => quotaLine.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ login: m[1]!, bytes: Number(m[2]) }));
}

async function ftpquota(gw: ServerGateway, args: (string | PathArg)[]): Promise<string | undefined> {
  const r = await gw.run({ tool: 'ftpquota', args, timeoutMs: 15_000 });
  return r.exitCode === 0 ? undefined : (r.stderr + r.stdout).trim().slice(-2000) || `ftpquota exit ${r.exitCode}`;
}

/** Builds the quota tables from the rendered list (`ftpquota`), then reloads ProFTPD. */
export async function reloadWithQuota(gw: ServerGateway): Promise<CheckOutcome> {
  if ((await gw.hasTool('ftpquota')).available) {
    const entries = parseQuotaList(await gw.readFile(quotaListPath));
    if ((await gw.readFile(quotaTallyPath)) === null) {
      const failed = await ftpquota(gw, ['--create-table', '--type=tally', '--table-path', { path: quotaTallyPath }]);
      if (failed) return { status: 'failed', tool: 'ftpquota', output: failed };
    }
    await gw.removeFile(quotaLimitPath);
    const steps: (string | PathArg)[][] = [['--create-table', '--type=limit']];
    for (const e of entries) steps.push(['--add-record', '--type=limit', `--name=${e.login}`, '--quota-type=user', `--bytes-upload=${e.bytes}`, '--units=byte']);
    for (const args of steps) {
      const failed = await ftpquota(gw, [...args, '--table-path', { path: quotaLimitPath }]);
      if (failed) return { status: 'failed', tool: 'ftpquota', output: failed };
    }
  }
  return gw.service('proftpd').reload();
}
