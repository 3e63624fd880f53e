/**
 * nginx as this plugin runs it (`ProgramDescriptor`, `@portal/plugin-sdk/program`): the paths the plugin
 * owns, `nginx -t` as the check, `systemctl reload nginx` on a real server, and the private nginx per server
 * the `local` gateway runs — started with the sandbox as prefix (`nginx -p <sandbox>/ -c
 * <sandbox>/etc/nginx/nginx.conf`), its pid, logs and temporary files inside the sandbox, `daemon on`. The
 * main configuration is the instance's own (like a distribution's `/etc/nginx/nginx.conf`); the plugin
 * writes `/etc/nginx/conf.d/portal.conf` and `/etc/nginx/portal/**` and listens where
 * `listenAddress('nginx', 80)` says (a loopback port of this server).
 *
 * No imports beyond the SDK's program entry: the generator reads the paths from here.
 */
import { definePrograms, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';

const mainConfPath = '/etc/nginx/nginx.conf';
const errorLogPath = '/var/log/nginx/error.log';

/** The main configuration of the private nginx of the `local` gateway: everything inside the sandbox. */
export function renderMainConf(env: Pick<LocalEnv, 'hostPath'>): string {
  const p = (x: string) => env.hostPath(x);
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

/** How nginx is checked, reloaded and run; a plugin writing snippets for the same nginx spreads it with its own `paths`. */
export const nginxProgram: ProgramDescriptor = {
  id: 'nginx',
  tool: 'nginx',
  // The main include, the sites, snippets and password files, and the certificates (self-signed ones are created here).
  paths: ['/etc/nginx/conf.d/portal.conf', '/etc/nginx/portal/**', '/etc/ssl/portal/*'],
  // The logs (search, live tail).
  reads: ['/var/log/nginx/*'],
  // The sites' include slots: the customer's files, included by the sites and never written by an apply.
  preserved: ['/etc/nginx/portal-slots/**'],
  // Checked as a whole before the swap (ssh gateway): the configuration tree and the certificates it names.
  stage: ['/etc/nginx', '/etc/ssl/portal'],
  privileged: true,
  port: 80,
  // On a real server: the whole configuration from the main file (a staging gateway maps it to the staged copy).
  validate: { tool: 'nginx', args: ['-t', '-q', '-c', { path: mainConfPath }] },
  service: { unit: 'nginx', reload: 'reload' },
  local: {
    files: (env) => [{ path: mainConfPath, content: renderMainConf(env) }],
    dirs: ['/etc/nginx/conf.d', '/var/log/nginx', '/run', '/var/lib/nginx'],
    pidFile: '/run/nginx.pid',
    args: (env) => ['-p', `${env.root}/`, '-c', env.hostPath(mainConfPath), '-e', env.hostPath(errorLogPath)],
    validate: ['-t'],
    start: [],
    reload: ['-s', 'reload'],
    // A reload is asynchronous: the master logs "reconfiguring", starts new workers (or logs an [emerg] and
    // keeps the old configuration), then the old workers finish and exit.
    reloadLog: { path: errorLogPath, failed: /\[emerg\]|\[alert\]/, done: /reconfiguring[\s\S]*start worker process[\s\S]*worker process \d+ exited/, waitMs: 3000 },
  },
};

export default definePrograms([nginxProgram]);
