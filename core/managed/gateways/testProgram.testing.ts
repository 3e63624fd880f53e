/**
 * Test support: a small nginx descriptor for core's own tests (core imports no plugin). The nginx plugin's
 * real descriptor is plugins/nginx/server/program.ts (tested there); this one runs the same private instance
 * with a minimal main configuration, to prove the `local` gateway runs any descriptor.
 */
import type { LocalEnv, ProgramDescriptor } from '@portal/plugin-sdk/program';

const main = '/etc/nginx/nginx.conf';
const errorLog = '/var/log/nginx/error.log';

const mainConf = ({ hostPath: p }: Pick<LocalEnv, 'hostPath'>) => `daemon on;
worker_processes 1;
pid ${p('/run/nginx.pid')};
error_log ${p(errorLog)} notice;
events { worker_connections 64; }
http {
  access_log ${p('/var/log/nginx/access.log')};
  client_body_temp_path ${p('/var/lib/nginx/body')};
  proxy_temp_path ${p('/var/lib/nginx/proxy')};
  fastcgi_temp_path ${p('/var/lib/nginx/fastcgi')};
  uwsgi_temp_path ${p('/var/lib/nginx/uwsgi')};
  scgi_temp_path ${p('/var/lib/nginx/scgi')};
  include ${p('/etc/nginx/conf.d')}/*.conf;
}
`;

/** nginx as a test program: owns `/etc/nginx/conf.d/*.conf`, reads the logs. */
export const testNginx: ProgramDescriptor = {
  id: 'nginx',
  paths: ['/etc/nginx/conf.d/*.conf'],
  reads: ['/var/log/nginx/*'],
  stage: ['/etc/nginx'],
  port: 80,
  local: {
    files: (env) => [{ path: main, content: mainConf(env) }],
    dirs: ['/etc/nginx/conf.d', '/var/log/nginx', '/run', '/var/lib/nginx'],
    pidFile: '/run/nginx.pid',
    args: (env) => ['-p', `${env.root}/`, '-c', env.hostPath(main), '-e', env.hostPath(errorLog)],
    validate: ['-t'],
    start: [],
    reload: ['-s', 'reload'],
    reloadLog: { path: errorLog, failed: /\[emerg\]|\[alert\]/, done: /reconfiguring[\s\S]*start worker process[\s\S]*worker process \d+ exited/ },
  },
};
