/**
 * hitch, the TLS front of Varnish, as this plugin runs it: the pure render of `/etc/hitch/hitch.conf` (and the pasted
 * PEM as the secret file `/etc/hitch/portal/uploaded.pem`), its check by the real `hitch --test` on a staged copy,
 * the apply's (re)start, and the program descriptor. Every value has passed the contract's limits (numbers, an enum,
 * cipher names of a whitelist; a certificate id of the customer's list), so none can change the file's structure.
 * Imports only the SDK's program entry and Node's own modules (the generator loads `program.ts`, which imports this).
 */
import { createHash } from 'node:crypto';
import type { ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const hitchConfPath = '/etc/hitch/hitch.conf';
export const hitchPemPath = '/etc/hitch/portal/uploaded.pem';
/** The customer's certificates for hitch (`<id>.pem`, `<id>.key`; on the sandbox created self-signed). */
export const hitchCertificatesDir = '/etc/hitch/portal-ssl';
/** A hash of the configuration the running hitch was started with (the reload restarts it only on a change). */
export const hitchStartedPath = '/etc/hitch/portal-started.conf';
export const hitchCheckDir = '/var/lib/hitch/portal-check';
export const hitchPidPath = '/run/hitch/hitch.pid';
export const hitchOcspDir = '/var/lib/hitch';
/** Varnish's extra listen address for hitch's PROXY protocol (a real server; `local`: a loopback port of its own). */
export const defaultProxyPort = 6086;

/** The certificate hitch serves, as the desired state holds it (the pasted PEM opened). */
export type HitchCertificate = { source: 'inventory'; certificateId: string } | { source: 'pem'; pem: string } | { source: 'none' };

export interface HitchEnv {
  hostPath(path: string): string;
  local: boolean;
  /** The loopback ports on the `local` gateway: hitch's frontend, Varnish's HTTP and PROXY listen ports. */
  httpsPort: number;
  varnishPort: number;
  proxyPort: number;
  /** The customer's certificates usable on this server (installed, or created on an apply). */
  usable: ReadonlySet<string>;
}

/** Whether hitch is rendered at all: TLS on and a certificate it can read. */
export function hitchActive(s: Settings, cert: HitchCertificate, usable: ReadonlySet<string>): boolean {
  if (!s.tlsEnabled) return false;
  if (cert.source === 'pem') return !!cert.pem;
  return cert.source === 'inventory' && usable.has(cert.certificateId);
}

/** The `pem-file` line: the pasted PEM's file, or the customer's certificate and key files. */
function pemLine(cert: HitchCertificate, hostPath: (p: string) => string, pemFile: string): string {
  if (cert.source === 'inventory')
    return `pem-file = { cert = "${hostPath(`${hitchCertificatesDir}/${cert.certificateId}.pem`)}" private-key = "${hostPath(`${hitchCertificatesDir}/${cert.certificateId}.key`)}" }`;
  return `pem-file = "${hostPath(pemFile)}"`;
}

/** `hitch.conf` of the settings (pure); `pemFile` only differs for the staged check of a pasted PEM. */
export function renderHitchConf(s: Settings, env: HitchEnv, cert: HitchCertificate, pemFile = hitchPemPath): string {
  const proxy = s.proxyProtocol;
  const lines = [
    '# Written by the customer portal (Managed Center, Varnish): hitch terminates TLS in front of Varnish. Changes here are overwritten.',
    `frontend = "${env.local ? `[127.0.0.1]:${env.httpsPort}` : `[*]:${s.httpsPort}`}"`,
    `backend = "[127.0.0.1]:${proxy ? (env.local ? env.proxyPort : defaultProxyPort) : env.local ? env.varnishPort : s.listenPort}"`,
    pemLine(cert, env.hostPath, pemFile),
    `tls-protos = ${s.tlsProtocols === 'tls13' ? 'TLSv1.3' : 'TLSv1.2 TLSv1.3'}`,
    `ciphers = "${s.tlsCiphers.split(' ').filter(Boolean).join(':')}"`,
    'prefer-server-ciphers = on',
    `write-proxy-v2 = ${proxy ? 'on' : 'off'}`,
    'alpn-protos = "http/1.1"',
    `ocsp-dir = "${env.hostPath(hitchOcspDir)}"`,
    'daemon = off',
  ];
  return `${lines.join('\n')}\n`;
}

/** hitch's files: its configuration and the pasted PEM (a secret, 0600), or none when TLS is off or has no certificate. */
export function renderHitch(s: Settings, env: HitchEnv, cert: HitchCertificate): ConfigFile[] {
  if (!hitchActive(s, cert, env.usable)) return [];
  return [
    { path: hitchConfPath, content: renderHitchConf(s, env, cert), mode: 0o644 },
    ...(cert.source === 'pem' ? [{ path: hitchPemPath, content: cert.pem, mode: 0o600, secret: true }] : []),
  ];
}

const stagedName = (ext: string) => `${hitchCheckDir}/check-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}.${ext}`;

/**
 * `hitch --test --config=<staged copy>`: it parses the file and loads every certificate and key (a mismatch, an
 * unknown cipher fail). `pem`: a pasted PEM staged beside it (0600) that the configuration names (`stagedPem`).
 */
export async function testHitch(gateway: ServerGateway, conf: (stagedPem: string) => string, pem?: string): Promise<CheckOutcome> {
  const tool = 'hitch';
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const stagedConf = stagedName('conf');
  const stagedPem = pem === undefined ? hitchPemPath : stagedName('pem');
  if (pem !== undefined) await gateway.writeFile({ path: stagedPem, content: pem, mode: 0o600, secret: true });
  try {
    await gateway.writeFile({ path: stagedConf, content: conf(stagedPem), mode: 0o644 });
    const r = await gateway.run({ tool, args: ['--test', '--config', { path: stagedConf }], timeoutMs: 20_000 });
    const output = `${r.stderr}${r.stdout}`
      .split(gateway.hostPath(stagedConf))
      .join(hitchConfPath)
      .split(gateway.hostPath(stagedPem))
      .join(hitchPemPath)
      .replace(/^\d{8}T\d{6}\.\d+ \[\s*\d+\] /gm, '')
      .trim()
      .slice(-20_000);
    return r.exitCode === 0 ? { status: 'passed', tool, output: output || 'hitch configuration looks ok' } : { status: 'failed', tool, output: output || (r.timedOut ? 'timed out' : `exit ${r.exitCode}`) };
  } finally {
    await gateway.removeFile(stagedConf);
    if (pem !== undefined) await gateway.removeFile(stagedPem);
  }
}

/** The apply's check of hitch's files: the rendered configuration tested by hitch (nothing to test without one). */
export async function checkHitchFiles(gateway: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome | undefined> {
  const conf = files.find((f) => f.path === hitchConfPath);
  return conf ? testHitch(gateway, () => conf.content) : undefined;
}

/**
 * The apply's part for hitch: no configuration (TLS off, the change undone) → stopped; otherwise (re)started when its
 * configuration or PEM changed since it was started, or when it does not run.
 */
export async function reloadHitch(gateway: ServerGateway): Promise<CheckOutcome> {
  const control = gateway.service('hitch');
  const conf = await gateway.readFile(hitchConfPath);
  if (conf === null) {
    await control.stop();
    await gateway.removeFile(hitchStartedPath);
    return { status: 'passed', tool: 'hitch', output: 'TLS off: hitch stopped' };
  }
  const hash = createHash('sha256')
    .update(conf)
    .update((await gateway.readFile(hitchPemPath)) ?? '')
    .digest('hex');
  const running = (await control.status()).state === 'running';
  if (running && (await gateway.readFile(hitchStartedPath))?.trim() === hash) return { status: 'passed', tool: 'hitch', output: 'hitch unchanged' };
  const started = await control.reload();
  if (started.status !== 'passed') return started;
  await gateway.writeFile({ path: hitchStartedPath, content: `${hash}\n`, mode: 0o644 });
  return { status: 'passed', tool: 'hitch', output: running ? 'hitch restarted' : 'hitch started' };
}

export const hitchProgram: ProgramDescriptor = {
  id: 'hitch',
  tool: 'hitch',
  paths: [hitchConfPath, '/etc/hitch/portal/**', `${hitchCertificatesDir}/**`, hitchStartedPath, `${hitchCheckDir}/**`],
  privileged: true,
  port: 443,
  validate: async (gateway, files) => (await checkHitchFiles(gateway, files)) ?? { status: 'passed', tool: 'hitch', output: 'TLS off' },
  // Debian's unit (`hitch --user _hitch --group _hitch --config /etc/hitch/hitch.conf`); SIGHUP reloads it.
  service: { unit: 'hitch', reload: 'reload' },
  local: {
    dirs: ['/run/hitch', hitchOcspDir],
    pidFile: hitchPidPath,
    // On a loopback port, daemonising, its pid file inside the sandbox; as root (hitch refuses root workers) the
    // workers run as Debian's `_hitch`, as its unit does — otherwise unprivileged as the portal's user.
    args: (env) => [
      `--config=${env.hostPath(hitchConfPath)}`,
      `--pidfile=${env.hostPath(hitchPidPath)}`,
      ...(env.user === 'root' ? ['--user=_hitch', '--group=_hitch'] : []),
    ],
    start: ['--daemon=on'],
  },
};
