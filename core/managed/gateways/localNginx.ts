/**
 * nginx on the `local` gateway: a private nginx per server, started with the sandbox as prefix
 * (`nginx -p <sandbox>/ -c <sandbox>/etc/nginx/nginx.conf`), its pid, logs and temporary files inside
 * the sandbox, `daemon on`. The main configuration is the gateway's (like a distribution's
 * `/etc/nginx/nginx.conf`); plugins write `/etc/nginx/conf.d/*.conf` and listen where
 * `listenAddress('nginx', 80)` says (a loopback port of this server).
 */
import fs from 'node:fs/promises';
import type { CheckOutcome, ServiceControl, ServiceStatus } from '@portal/plugin-sdk/gateway';
import type { LocalGateway } from './local.ts';
import { findTool, runProgram } from './programs.ts';

const mainConfPath = '/etc/nginx/nginx.conf';
const errorLogPath = '/var/log/nginx/error.log';

/** The main configuration of the private nginx: everything inside the sandbox. */
export function renderMainConf(gw: Pick<LocalGateway, 'hostPath'>): string {
  const p = (x: string) => gw.hostPath(x);
  return `# Written by the portal's local gateway. Plugins put their files into conf.d/.
daemon on;
worker_processes 1;
pid ${p('/run/nginx.pid')};
error_log ${p(errorLogPath)} notice;
events { worker_connections 128; }
http {
  types { text/html html htm; text/plain txt; text/css css; application/javascript js; application/json json; image/png png; image/svg+xml svg; }
  default_type application/octet-stream;
  access_log ${p('/var/log/nginx/access.log')};
  client_body_temp_path ${p('/var/lib/nginx/body')};
  proxy_temp_path ${p('/var/lib/nginx/proxy')};
  fastcgi_temp_path ${p('/var/lib/nginx/fastcgi')};
  uwsgi_temp_path ${p('/var/lib/nginx/uwsgi')};
  scgi_temp_path ${p('/var/lib/nginx/scgi')};
  include ${p('/etc/nginx/conf.d')}/*.conf;
}
`;
}

const missing: CheckOutcome = { status: 'skipped', reason: 'tool_missing', tool: 'nginx' };
const trimOutput = (s: string) => s.trim().slice(-20_000);

export function localNginx(gw: LocalGateway): ServiceControl {
  const args = () => ['-p', gw.root + '/', '-c', gw.hostPath(mainConfPath), '-e', gw.hostPath(errorLogPath)];

  /** Writes the main configuration and the directories nginx expects. */
  async function prepare(): Promise<void> {
    const conf = renderMainConf(gw);
    if ((await gw.readFile(mainConfPath)) !== conf) await gw.writeFile({ path: mainConfPath, content: conf });
    for (const dir of ['/etc/nginx/conf.d', '/var/log/nginx', '/run', '/var/lib/nginx']) await fs.mkdir(gw.hostPath(dir), { recursive: true });
  }

  async function runningPid(): Promise<number | undefined> {
    const pid = Number((await gw.readFile('/run/nginx.pid'))?.trim());
    if (!Number.isInteger(pid) || pid < 2) return undefined;
    try {
      process.kill(pid, 0);
    } catch {
      return undefined;
    }
    // A stale pid file whose number now belongs to another process (after a reboot) is not our nginx.
    try {
      if (!(await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('nginx')) return undefined;
    } catch {
      /* no /proc (not Linux): trust the pid file */
    }
    return pid;
  }

  async function errorLogSize(): Promise<number> {
    try {
      return (await fs.stat(gw.hostPath(errorLogPath))).size;
    } catch {
      return 0;
    }
  }

  async function errorLogSince(offset: number): Promise<string> {
    try {
      const all = await fs.readFile(gw.hostPath(errorLogPath));
      return all.subarray(offset).toString('utf8');
    } catch {
      return '';
    }
  }

  return {
    name: 'nginx',

    async validate() {
      const nginx = await findTool('nginx');
      if (!nginx) return missing;
      await prepare();
      const r = await runProgram(nginx, ['-t', ...args()], { timeoutMs: 15_000 });
      return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: 'nginx', output: trimOutput(r.stderr + r.stdout) };
    },

    async reload() {
      const nginx = await findTool('nginx');
      if (!nginx) return missing;
      await prepare();
      const pid = await runningPid();
      if (!pid) {
        const r = await runProgram(nginx, args(), { timeoutMs: 15_000 });
        const ok = r.exitCode === 0 && !!(await runningPid());
        if (ok) await gw.claim('nginx');
        return { status: ok ? 'passed' : 'failed', tool: 'nginx', output: trimOutput(r.stderr + r.stdout) || (ok ? 'started' : 'nginx did not start') };
      }
      // A reload is asynchronous: the master logs "reconfiguring", starts new workers (or logs an
      // [emerg] and keeps the old configuration), then the old workers finish and exit.
      const offset = await errorLogSize();
      const r = await runProgram(nginx, ['-s', 'reload', ...args()], { timeoutMs: 15_000 });
      if (r.exitCode !== 0) return { status: 'failed', tool: 'nginx', output: trimOutput(r.stderr + r.stdout) };
      // Whoever reloads it last runs it: it ends with that portal (local.ts, stopLocalPrograms).
      await gw.claim('nginx');
      const deadline = Date.now() + 3000;
      for (;;) {
        const log = await errorLogSince(offset);
        if (/\[emerg\]|\[alert\]/.test(log)) return { status: 'failed', tool: 'nginx', output: trimOutput(log) };
        if (/reconfiguring[\s\S]*start worker process[\s\S]*worker process \d+ exited/.test(log)) return { status: 'passed', tool: 'nginx', output: 'reloaded' };
        if (Date.now() > deadline) return { status: 'passed', tool: 'nginx', output: 'reload signalled' };
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async status(): Promise<ServiceStatus> {
      if (!(await findTool('nginx'))) return { state: 'not_installed' };
      const pid = await runningPid();
      return pid ? { state: 'running', endpoint: await gw.listenAddress('nginx', 80) } : { state: 'stopped' };
    },

    async stop() {
      const pid = await runningPid();
      if (pid) {
        try {
          process.kill(pid, 'SIGTERM');
          const deadline = Date.now() + 3000;
          while (Date.now() < deadline && (await runningPid())) await new Promise((resolve) => setTimeout(resolve, 25));
        } catch {
          /* gone already */
        }
      }
      await gw.release('nginx');
    },
  };
}
