/**
 * Several portal instances behind a real nginx, on loopback (issue 14, "Several instances"): the instances
 * are real processes (`node bff/src/cli.ts start`, NODE_ENV=production) on one PostgreSQL database and one
 * Redis; nginx (Debian's binary) runs unprivileged with a generated configuration in a temporary directory,
 * shaped like docker/nginx.conf (ip_hash, WebSocket upgrade, retries on the other instance).
 * Used by `scale-out.test.ts` and `bench/restarts.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The nginx configuration. Reads (GET, HEAD, PUT, DELETE, OPTIONS: idempotent) are resent to the other
 * instance on any connection error, timeout, 502 or 503. Writes (POST, PATCH) only where the portal
 * guarantees nothing was done: a connection error (refused, or reset before an answer: graceful shutdown
 * never drops a request it accepted) and a 503 (a draining instance answers 503 before the request reaches
 * the application; an unreachable database rolls the request back) — never on a timeout.
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[]; failTimeoutSeconds?: number; maxFails?: number; writeRetry?: string }): string {
  const { dir } = options;
  const fail = options.failTimeoutSeconds ?? 10;
  // Never mark an instance down (max_fails=0): on loopback a refused connection costs nothing and nginx goes
  // on to the other instance at once, whereas a marked-down instance that comes back while the other one is
  // restarting left nginx with "no live upstreams" (502 for every request) during rolling restarts.
  const maxFails = options.maxFails ?? 0;
  return `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  map $request_method $portal_write { default 0; POST 1; PATCH 1; LOCK 1; }
  upstream portal {
    ip_hash;
${options.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=${maxFails} fail_timeout=${fail}s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${options.port};
    client_max_body_size 2m;
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_connect_timeout 5s;
    proxy_read_timeout 60s;
    proxy_next_upstream_tries 2;
    add_header X-Upstream $upstream_addr always;

    location /a/ws {
      proxy_pass http://portal;
      proxy_buffering off;
      proxy_read_timeout 120s;
      # Handshakes and polls are GETs; a POST of the polling transport belongs to its instance.
      proxy_next_upstream error timeout http_502 http_503;
    }
    location / {
      error_page 418 = @write;
      if ($portal_write) { return 418; }
      proxy_pass http://portal;
      proxy_next_upstream error timeout http_502 http_503;
    }
    location @write {
      proxy_pass http://portal;
      proxy_next_upstream ${options.writeRetry ?? 'error http_503 non_idempotent'};
    }
  }
}
`;
}

export interface Nginx {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

export async function startNginx(upstreams: number[], options: { failTimeoutSeconds?: number; maxFails?: number; writeRetry?: string } = {}): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig({ dir, port, upstreams, ...options }));
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx-light; .ci/run does this)');
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One portal process. `restart()` = SIGTERM, wait for its graceful exit (code 0), start again, wait until ready. */
export class Instance {
  readonly port: number;
  readonly env: Record<string, string>;
  #child?: ChildProcess;
  #log = '';
  exitCodes: (number | null)[] = [];

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.env = env;
  }

  get log() {
    return this.#log;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [cli, 'start'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    child.stdout!.on('data', (d) => (this.#log += d));
    child.stderr!.on('data', (d) => (this.#log += d));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`instance on ${this.port} exited with ${child.exitCode}:\n${this.#log}`);
      const status = await new Promise<number>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port: this.port, path: '/api/ready', agent: false, timeout: 5_000 }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
        req.once('timeout', () => req.destroy());
        req.once('error', () => resolve(0));
      });
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`instance on ${this.port} not ready:\n${this.#log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<number | null> {
    const child = this.#child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    this.exitCodes.push(code);
    return code;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

/** A browser-like HTTP client with its own source address (ip_hash decides its instance by it), cookies and CSRF header. */
export class LoopbackClient {
  readonly agent: http.Agent;
  readonly base: URL;
  readonly localAddress: string;
  cookies = new Map<string, string>();

  constructor(base: string, localAddress: string) {
    this.base = new URL(base);
    this.localAddress = localAddress;
    this.agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 16 });
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(method: string, urlPath: string, body?: unknown): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const csrf = this.cookies.get('portal_csrf');
    if (csrf) headers['x-csrf-token'] = csrf;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.base.hostname, port: this.base.port, path: urlPath, method, headers, agent: this.agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const [name, ...rest] = pair.split('=');
            const value = rest.join('=');
            if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name.trim());
            else this.cookies.set(name.trim(), value);
          }
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}
