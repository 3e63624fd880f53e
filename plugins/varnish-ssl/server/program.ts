/**
 * Varnish as this plugin runs it: its files (`render`: settings → the VCL `/etc/varnish/portal.vcl` and the start
 * command `/etc/systemd/system/varnish.service.d/portal.conf`, pure — the same settings give the same files, so the
 * files panel shows exactly what an apply would write) and the program descriptor (`@portal/plugin-sdk/program`).
 *
 * Every value has passed the contract's limits (numbers; host names, path prefixes and cookie names from their
 * patterns, no quotes or braces), so none can change the VCL's structure; regular-expression characters of a path or
 * cookie name are escaped. The private instance on the `local` gateway is started with the command of the rendered
 * drop-in (its `ExecStart`, daemonising instead of `-F`), so the start parameters are the ones a real server gets.
 * Imports only the SDK's program entry and Node's own modules: the generator loads this file to read the paths.
 */
import { readFileSync } from 'node:fs';
import { definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import { defaultProxyPort, hitchActive, hitchProgram, renderHitch, type HitchCertificate } from './hitch.ts';

export const vclPath = '/etc/varnish/portal.vcl';
export const dropInPath = '/etc/systemd/system/varnish.service.d/portal.conf';
export const secretPath = '/etc/varnish/secret';
/** The command the running instance was started with (the reload compares it with the drop-in's). */
export const startedPath = '/etc/varnish/portal-started.conf';
export const workDir = '/var/lib/varnish/portal';
export const checkDir = '/var/lib/varnish/portal-check';
export const pidPath = '/run/varnish/varnishd.pid';
export const defaultAdminPort = 6082;

/** What `render` needs from the server: the private instances' loopback ports on the `local` gateway, the certificates. */
export interface Prepared {
  local: boolean;
  port: number;
  adminPort: number;
  /** hitch's frontend and Varnish's PROXY listen port (`local`). */
  httpsPort: number;
  proxyPort: number;
  /** The customer's certificates usable for hitch on this server (installed, or created by this apply). */
  usableCertificates: string[];
}

/** What `render` takes besides the settings: the custom VCL (when used) and the certificate hitch serves. */
export interface Desired {
  customVcl?: string | null;
  certificate?: HitchCertificate;
}

type RenderEnv = { hostPath(path: string): string; prepared: Prepared | undefined };

/** Whether hitch is rendered and sends the PROXY protocol (Varnish then listens on an extra `…,PROXY` address). */
const proxyFront = (s: Settings, c: RenderEnv, d: Desired) =>
  s.proxyProtocol && hitchActive(s, d.certificate ?? { source: 'none' }, new Set(c.prepared?.usableCertificates ?? []));

/** `a.b` → `a\.b`: the characters the patterns allow that mean something in a regular expression. */
const literal = (s: string) => s.replace(/[.+?*()[\]{}|^$\\]/g, '\\$&');
const words = (s: string) => s.split(' ').filter(Boolean);

/** The VCL of the form's settings. */
export function renderVcl(s: Settings): string {
  const backends = words(s.backends).map((b, i) => {
    const at = b.lastIndexOf(':');
    return { name: `portal_backend_${i + 1}`, host: b.slice(0, at), port: b.slice(at + 1) };
  });
  const urls = words(s.excludedUrls);
  const cookies = words(s.excludedCookies);
  const lines = [
    'vcl 4.1;',
    '# Written by the customer portal (Managed Center, Varnish). Changes here are overwritten.',
    'import directors;',
    '',
    ...backends.flatMap((b) => [`backend ${b.name} {`, `  .host = "${b.host}";`, `  .port = "${b.port}";`, '}']),
    '',
    '# Purges and bans only from this server itself.',
    'acl portal_purge {',
    '  "127.0.0.1";',
    '  "::1";',
    '}',
    '',
    'sub vcl_init {',
    '  new portal_backends = directors.round_robin();',
    ...backends.map((b) => `  portal_backends.add_backend(${b.name});`),
    '}',
    '',
    'sub vcl_recv {',
    '  set req.backend_hint = portal_backends.backend();',
    '  if (req.method == "PURGE") {',
    '    if (client.ip !~ portal_purge) {',
    '      return (synth(405, "Not allowed"));',
    '    }',
    '    return (purge);',
    '  }',
    '  if (req.method != "GET" && req.method != "HEAD") {',
    '    return (pass);',
    '  }',
    ...(urls.length ? ['  # URLs that are never cached', `  if (req.url ~ "^(${urls.map(literal).join('|')})") {`, '    return (pass);', '  }'] : []),
    ...(cookies.length
      ? [
          '  # Personal requests (these cookies) go to the backend',
          `  if (req.http.Cookie ~ "(^|;\\s*)(${cookies.map(literal).join('|')})[^=]*=") {`,
          '    return (pass);',
          '  }',
        ]
      : []),
    '  # Every other cookie is removed, so the response can be cached',
    '  unset req.http.Cookie;',
    '  return (hash);',
    '}',
    '',
    'sub vcl_backend_response {',
    '  if (!beresp.http.Cache-Control && !beresp.http.Expires) {',
    `    set beresp.ttl = ${s.defaultTtlSeconds}s;`,
    '  }',
    `  set beresp.grace = ${s.graceSeconds}s;`,
    '}',
    ...(s.cacheHeader
      ? [
          '',
          'sub vcl_deliver {',
          '  if (obj.hits > 0) {',
          '    set resp.http.X-Cache = "HIT";',
          '  } else {',
          '    set resp.http.X-Cache = "MISS";',
          '  }',
          '}',
        ]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** The start command: the listen address, the admin port, the cache memory and the thread parameters. */
export function startCommand(s: Settings, c: RenderEnv, proxy = false): string[] {
  const local = c.prepared?.local ?? false;
  return [
    '/usr/sbin/varnishd',
    '-F',
    '-n',
    c.hostPath(workDir),
    '-P',
    c.hostPath(pidPath),
    '-a',
    local ? `127.0.0.1:${c.prepared!.port},HTTP` : `:${s.listenPort},HTTP`,
    ...(proxy ? ['-a', `127.0.0.1:${local ? c.prepared!.proxyPort : defaultProxyPort},PROXY`] : []),
    '-T',
    `127.0.0.1:${local ? c.prepared!.adminPort : defaultAdminPort}`,
    '-S',
    c.hostPath(secretPath),
    '-f',
    c.hostPath(vclPath),
    '-s',
    `malloc,${s.memoryMb}m`,
    '-p',
    `thread_pools=${s.threadPools}`,
    '-p',
    `thread_pool_min=${s.threadPoolMin}`,
    '-p',
    `thread_pool_max=${s.threadPoolMax}`,
  ];
}

/**
 * Every file: the VCL (the form's, or the custom one), the systemd drop-in with the start command and, with TLS on and
 * a certificate, hitch's configuration (and the pasted PEM).
 */
export function render(s: Settings, c: RenderEnv, d: Desired = {}): ConfigFile[] {
  const dropIn = [
    '# Written by the customer portal (Managed Center, Varnish): the start parameters. Changes here are overwritten.',
    '[Service]',
    'ExecStart=',
    `ExecStart=${startCommand(s, c, proxyFront(s, c, d)).join(' ')}`,
  ];
  const p = c.prepared;
  const hitch = renderHitch(
    s,
    {
      hostPath: c.hostPath,
      local: p?.local ?? false,
      httpsPort: p?.httpsPort ?? s.httpsPort,
      varnishPort: p?.port ?? s.listenPort,
      proxyPort: p?.proxyPort ?? defaultProxyPort,
      usable: new Set(p?.usableCertificates ?? []),
    },
    d.certificate ?? { source: 'none' },
  );
  return [
    { path: vclPath, content: d.customVcl ?? renderVcl(s), mode: 0o644 },
    { path: dropInPath, content: `${dropIn.join('\n')}\n`, mode: 0o644 },
    ...hitch,
  ];
}

/** The arguments of the drop-in's `ExecStart` (without the program and `-F`), or none without a drop-in. */
export function startArgs(dropIn: string | null): string[] {
  const line = dropIn
    ?.split('\n')
    .reverse()
    .find((l) => /^ExecStart=\S/.test(l));
  if (!line) return [];
  return line
    .slice('ExecStart='.length)
    .split(' ')
    .slice(1)
    .filter((a) => a && a !== '-F');
}

/** One message of the VCC compiler: where (line, column; 0 when it names no place) and what. */
export interface VclMessage {
  line: number;
  column: number;
  message: string;
}

/**
 * The compiler's messages at their lines. VCC prints a message, then `('<file>' Line <n> Pos <m>)` (after `At: ` for
 * the first place), the source line and a marker; a message without a place keeps line 0.
 */
export function compilerMessages(output: string): VclMessage[] {
  const lines = output.split('\n').map((l) => l.trimEnd());
  const out: VclMessage[] = [];
  const place = /^(?:At: )?\('[^']*' Line (\d+) Pos (\d+)\)/;
  for (let i = 0; i < lines.length; i++) {
    const m = place.exec(lines[i]!);
    if (!m) continue;
    const message = [lines[i - 1], lines[i - 2]].find((l) => l && !place.test(l) && !/^[-#]+$/.test(l) && l !== 'Message from VCC-compiler:');
    out.push({ line: Number(m[1]), column: Number(m[2]), message: (message ?? 'VCL compilation failed').slice(0, 2000) });
  }
  if (!out.length) {
    const text = lines
      .filter((l) => l && !/^Could not delete/.test(l))
      .join('\n')
      .trim();
    out.push({ line: 0, column: 0, message: (text || 'VCL compilation failed').slice(0, 2000) });
  }
  const seen = new Set<string>();
  return out.filter((m) => !seen.has(`${m.line}:${m.message}`) && !!seen.add(`${m.line}:${m.message}`)).slice(0, 50);
}

/**
 * Compiles a VCL with `varnishd -C -f` in the check directory (its own `-n`, nothing loaded): passed, or failed with
 * the compiler's output, the staged path shown as `/etc/varnish/portal.vcl`. `-j none`: the compiler runs as the
 * gateway's user, who can read the staged file (inline C stays off, Varnish's default).
 */
export async function compileVcl(gateway: ServerGateway, vcl: string): Promise<CheckOutcome> {
  const tool = 'varnishd';
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const staged = `${checkDir}/check-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}.vcl`;
  await gateway.writeFile({ path: staged, content: vcl, mode: 0o644 });
  try {
    const r = await gateway.run({ tool, args: ['-C', '-j', 'none', '-f', { path: staged }, '-n', { path: `${checkDir}/work` }], timeoutMs: 30_000 });
    if (r.exitCode === 0) return { status: 'passed', tool, output: 'VCL compiled' };
    const output = `${r.stderr}${r.stdout}`.split(gateway.hostPath(staged)).join(vclPath).trim().slice(-20_000);
    return { status: 'failed', tool, output: output || (r.timedOut ? 'timed out' : `exit ${r.exitCode}`) };
  } finally {
    await gateway.removeFile(staged);
  }
}

/** The apply's check: the VCL compiles (`varnishd -C`); the load into the running daemon is the reload's (a full check). */
export async function checkFiles(gateway: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const vcl = files.find((f) => f.path === vclPath);
  if (!vcl) return { status: 'passed', tool: 'varnishd', output: 'no VCL' };
  return compileVcl(gateway, vcl.content);
}

export const varnishProgram: ProgramDescriptor = {
  id: 'varnish',
  tool: 'varnishd',
  paths: [vclPath, dropInPath, secretPath, startedPath, `${checkDir}/**`],
  reads: [workDir, `${checkDir}`],
  privileged: true,
  port: 6081,
  validate: checkFiles,
  // Debian's unit; its reload (varnishreload) loads and switches the VCL as the portal does on the local gateway.
  service: { unit: 'varnish', reload: 'reload' },
  local: {
    dirs: ['/run/varnish', '/var/lib/varnish'],
    pidFile: pidPath,
    // The rendered drop-in's command (paths inside the sandbox, loopback ports): the start parameters as applied.
    args: (env) => {
      try {
        return startArgs(readFileSync(env.hostPath(dropInPath), 'utf8'));
      } catch {
        return [];
      }
    },
    start: [],
  },
};

export default definePrograms([varnishProgram, hitchProgram]);
