/**
 * The cron-entry scan (issue 25): the server's crontabs — `/etc/cron.d/*` (with the cronjobs module's rendered
 * `/etc/cron.d/portal`) and the users' `/var/spool/cron/crontabs/*` — read through the gateway, each entry checked
 * for what malware plants there: a download piped into a shell, a base64 blob decoded into a shell, a reverse shell
 * over `/dev/tcp`, crypto miners, and programs run from hidden files in `/tmp` or `/dev/shm`.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { Finding } from '../shared/findings.ts';

export const cronDirs = ['/etc/cron.d', '/var/spool/cron/crontabs'];

export const cronPatterns: { id: string; severity: Finding['severity']; pattern: RegExp }[] = [
  { id: 'cron_download_exec', severity: 'critical', pattern: /\b(?:curl|wget|fetch)\b[^|;&#]*\|\s*(?:sudo\s+)?(?:\/\S*\/)?(?:ba|da|z|k)?sh\b/i },
  { id: 'cron_base64_exec', severity: 'critical', pattern: /\bbase64\s+(?:-d|--decode|-D)\b[^;&#]*\|\s*(?:\/\S*\/)?(?:ba|da|z|k)?sh\b|\|\s*base64\s+(?:-d|--decode)\s*\|\s*(?:ba)?sh\b/i },
  { id: 'cron_reverse_shell', severity: 'critical', pattern: /\/dev\/(?:tcp|udp)\/|\bnc(?:at)?\b[^|;]*\s-e\s|\bsocat\b[^|;]*exec:/i },
  { id: 'cron_miner', severity: 'critical', pattern: /\b(?:xmrig|xmr-stak|minerd|cpuminer|cgminer|kdevtmpfsi|kinsing|nanominer|ethminer)\b|stratum\+(?:tcp|ssl):\/\/|\b(?:cryptonight|randomx)\b|\b(?:moneroocean|nanopool|minexmr|supportxmr)\.|--donate-level/i },
  { id: 'cron_hidden_tmp', severity: 'high', pattern: /(?:^|[\s;&|])(?:\/tmp|\/var\/tmp|\/dev\/shm)\/\.[^\s/]+/ },
];

/** Findings of one crontab's content (comments and variable lines are skipped). */
export function scanCrontab(file: string, content: string): Finding[] {
  const out: Finding[] = [];
  content.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#') || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) return;
    for (const p of cronPatterns)
      if (p.pattern.test(line)) out.push({ kind: 'malicious_cron', severity: p.severity, rule: p.id, file, line: i + 1, evidence: line.length > 200 ? `${line.slice(0, 200)}…` : line });
  });
  return out;
}

/** Every crontab of the server, scanned; answers the findings and the files read. */
export async function scanCrontabs(gateway: ServerGateway): Promise<{ files: string[]; findings: Finding[] }> {
  const files: string[] = [];
  const findings: Finding[] = [];
  for (const dir of cronDirs)
    for (const name of (await gateway.listFiles(dir)).sort()) {
      if (name.startsWith('.')) continue;
      const file = `${dir}/${name}`;
      const content = await gateway.readFile(file);
      if (content === null) continue;
      files.push(file);
      findings.push(...scanCrontab(file, content));
    }
  return { files, findings };
}
