/**
 * The rendered configuration against the server: what an apply looks up and creates on the server before
 * rendering (`prepareNginx`: listen addresses, certificates), the pure rendering from that (`renderNginx`),
 * and rendering for a gateway in one go (the handlers' views; the web server family compares it with the server's
 * files: @portal/plugin-sdk/webserver, compare.ts).
 */
import type { ConfigFile, PluginLogger, ServerGateway } from '@portal/plugin-sdk/server';
import { certificateStatuses, generateCertificates, usableCertificates, type CertificateStatus } from './certificates.ts';
import { htpasswdFiles, renderConfig, type ListenAddress, type RenderEnv } from './render.ts';
import type { NginxState } from './state.ts';

/** What `render` needs from the server, looked up (and created) by `prepare` before the job's transaction. */
export interface NginxPrepared {
  listen: ListenAddress;
  tlsListen: ListenAddress;
  /** The status of each certificate of the server's customer (after creating the missing self-signed ones). */
  certificates: [string, CertificateStatus][];
}

/**
 * Before rendering: on an apply (`generate`), the self-signed certificates the domains use that are
 * missing are created (a failure leaves HTTPS of those domains out, rendered as a comment; the rest
 * applies); then the listen addresses and the certificates' statuses.
 */
export async function prepareNginx(gw: ServerGateway, customer: number, state: NginxState, options: { generate: boolean; logger?: PluginLogger }): Promise<NginxPrepared> {
  if (options.generate) {
    try {
      await generateCertificates(gw, customer, state.vhosts.flatMap((v) => (v.certificate ? [v.certificate] : [])));
    } catch (e) {
      options.logger?.warn({ err: e, serverId: gw.serverId }, 'creating self-signed certificates failed');
    }
  }
  const certificates = await certificateStatuses(gw, customer);
  // One after the other: the local gateway stores both ports in one file, and parallel first calls race on it.
  const listen = await gw.listenAddress('nginx', 80);
  const tlsListen = await gw.listenAddress('nginx-https', 443);
  return { listen, tlsListen, certificates: [...certificates] };
}

/** Every file of the plugin, rendered from the state and what `prepareNginx` found: pure. */
export function renderNginx(state: NginxState, prepared: NginxPrepared, hostPath: (path: string) => string): ConfigFile[] {
  const env: RenderEnv = { hostPath, listen: prepared.listen, tlsListen: prepared.tlsListen, certificates: usableCertificates(new Map(prepared.certificates)) };
  // Password files are part of the version (restored with it), never shown in a diff.
  return [...renderConfig(state, env), ...htpasswdFiles(state).map((f) => ({ ...f, mode: 0o640, owner: 'root', group: 'www-data', secret: true }))];
}

/** Where and with what the configuration is rendered on this server. */
export async function renderEnvFor(gw: ServerGateway, statuses: Map<string, CertificateStatus>): Promise<RenderEnv> {
  // One after the other: the local gateway stores both ports in one file, and parallel first calls race on it.
  const listen = await gw.listenAddress('nginx', 80);
  const tlsListen = await gw.listenAddress('nginx-https', 443);
  return { hostPath: (p) => gw.hostPath(p), listen, tlsListen, certificates: usableCertificates(statuses) };
}

/** The desired state rendered for a server. */
export async function desiredFiles(gw: ServerGateway, customer: number, state: NginxState): Promise<{ files: ConfigFile[]; certificates: Map<string, CertificateStatus> }> {
  const certificates = await certificateStatuses(gw, customer);
  return { files: renderConfig(state, await renderEnvFor(gw, certificates)), certificates };
}
