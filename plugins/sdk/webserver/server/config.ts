/**
 * The rendered configuration of a member against the server: what an apply looks up and creates on the server
 * before rendering (`prepare`: listen addresses, certificates), the pure rendering from that (`render`: the
 * member's files and the password files), and rendering for a gateway in one go (`desiredFiles`, the handlers'
 * views; compare.ts compares it with the server's files). The member supplies its renderer and directories.
 */
import type { ConfigFile, PluginLogger, ServerGateway } from '../../server.ts';
import type { WebServerState } from '../shared/state.ts';
import { certificateStatuses, generateCertificates, usableCertificates } from './certificates.ts';
import { htpasswdFiles, type ListenAddress, type RenderEnv } from './render.ts';
import type { CertificateStatus } from './views.ts';

/** What a member's renderer needs besides the family's parts. */
export interface WebServerRendering {
  /** The program id: HTTP listens at `listenAddress(<program>, 80)`, HTTPS at `listenAddress(<program>-https, 443)`. */
  program: string;
  /** Where its certificates live (`<dir>/<id>.pem`, `.key`). */
  certificatesDir: string;
  /** Where its password files live. */
  htpasswdDir: string;
  /** Its configuration files (sorted by path; password files are added by the family). Pure. */
  renderConfig(state: WebServerState, env: RenderEnv): ConfigFile[];
}

/** What `render` needs from the server, looked up (and created) by `prepare` before the job's transaction. */
export interface WebServerPrepared {
  listen: ListenAddress;
  tlsListen: ListenAddress;
  /** The status of each certificate of the server's customer (after creating the missing self-signed ones). */
  certificates: [string, CertificateStatus][];
}

/** A member's prepare, render and desired files, made from its renderer. */
export function webServerRendering(r: WebServerRendering) {
  const statuses = (gw: ServerGateway, customer: number) => certificateStatuses(gw, customer, r.certificatesDir);

  async function listenAddresses(gw: ServerGateway): Promise<{ listen: ListenAddress; tlsListen: ListenAddress }> {
    // One after the other: the local gateway stores both ports in one file, and parallel first calls race on it.
    const listen = await gw.listenAddress(r.program, 80);
    const tlsListen = await gw.listenAddress(`${r.program}-https`, 443);
    return { listen, tlsListen };
  }

  return {
    certificateStatuses: statuses,

    /**
     * Before rendering: on an apply (`generate`), the self-signed certificates the sites use that are missing
     * are created (a failure leaves HTTPS of those sites out, rendered as a comment; the rest applies); then the
     * listen addresses and the certificates' statuses.
     */
    async prepare(gw: ServerGateway, customer: number, state: WebServerState, options: { generate: boolean; logger?: PluginLogger }): Promise<WebServerPrepared> {
      if (options.generate) {
        try {
          await generateCertificates(gw, customer, state.vhosts.flatMap((v) => (v.certificate ? [v.certificate] : [])), r.certificatesDir);
        } catch (e) {
          options.logger?.warn({ err: e, serverId: gw.serverId }, 'creating self-signed certificates failed');
        }
      }
      const certificates = await statuses(gw, customer);
      return { ...(await listenAddresses(gw)), certificates: [...certificates] };
    },

    /** Every file of the member, rendered from the state and what `prepare` found: pure. */
    render(state: WebServerState, prepared: WebServerPrepared, hostPath: (path: string) => string): ConfigFile[] {
      const env: RenderEnv = { hostPath, listen: prepared.listen, tlsListen: prepared.tlsListen, certificates: usableCertificates(new Map(prepared.certificates)) };
      // Password files are part of the version (restored with it), never shown in a diff.
      return [...r.renderConfig(state, env), ...htpasswdFiles(r.htpasswdDir, state).map((f) => ({ ...f, mode: 0o640, owner: 'root', group: 'www-data', secret: true }))];
    },

    /** Where and with what the configuration is rendered on this server. */
    async renderEnvFor(gw: ServerGateway, certificates: Map<string, CertificateStatus>): Promise<RenderEnv> {
      return { hostPath: (p) => gw.hostPath(p), ...(await listenAddresses(gw)), certificates: usableCertificates(certificates) };
    },

    /** The desired state rendered for a server (without the password files), with its certificates' statuses. */
    async desiredFiles(gw: ServerGateway, customer: number, state: WebServerState): Promise<{ files: ConfigFile[]; certificates: Map<string, CertificateStatus> }> {
      const certificates = await statuses(gw, customer);
      const env: RenderEnv = { hostPath: (p) => gw.hostPath(p), ...(await listenAddresses(gw)), certificates: usableCertificates(certificates) };
      return { files: r.renderConfig(state, env), certificates };
    },
  };
}
