/**
 * TLS certificates of the demo inventory on a server, in a member's certificate directory (`<dir>/<id>.pem`
 * and `.key`): installed when both files are there; on the `local` gateway a missing one can be created as a
 * self-signed pair with `openssl` (the sandbox has no real certificates), elsewhere HTTPS for it is left out
 * until it is installed.
 */
import type { ServerGateway } from '../../server.ts';
import { certificatesOf } from '../shared/options.ts';
import type { CertificateStatus } from './views.ts';

/** The files of a certificate in a member's certificate directory. */
export const certificatePaths = (dir: string, id: string) => ({ cert: `${dir}/${id}.pem`, key: `${dir}/${id}.key` });

/** Whether self-signed certificates can be created on this server. */
export async function canGenerateCertificates(gw: ServerGateway): Promise<boolean> {
  return gw.kind === 'local' && (await gw.hasTool('openssl')).available;
}

/**
 * The status of every certificate of the server's customer (by customer number) in `dir`. Another
 * customer's certificate is not in the map: it is never offered, rendered or created there.
 */
export async function certificateStatuses(gw: ServerGateway, customer: number, dir: string): Promise<Map<string, CertificateStatus>> {
  const present = new Set(await gw.listFiles(dir));
  const generate = await canGenerateCertificates(gw);
  return new Map(
    certificatesOf(customer).map((c) => [c.id, present.has(`${c.id}.pem`) && present.has(`${c.id}.key`) ? 'installed' : generate ? 'will_generate' : 'missing'] as const),
  );
}

/** The certificates a rendering can use: installed, or about to be created. */
export const usableCertificates = (statuses: Map<string, CertificateStatus>): Set<string> =>
  new Set([...statuses].filter(([, s]) => s !== 'missing').map(([id]) => id));

/** Creates a self-signed pair (EC P-256, one year) in `dir` for each given certificate of the customer that is missing. */
export async function generateCertificates(gw: ServerGateway, customer: number, ids: Iterable<string>, dir: string): Promise<string[]> {
  const statuses = await certificateStatuses(gw, customer, dir);
  const created: string[] = [];
  for (const id of new Set(ids)) {
    const cert = certificatesOf(customer).find((c) => c.id === id);
    if (!cert || statuses.get(id) !== 'will_generate') continue;
    const files = certificatePaths(dir, id);
    await gw.writeFile({ path: `${dir}/README`, content: 'Self-signed certificates created by the portal for the local sandbox.\n' });
    const names = [cert.commonName, ...cert.altNames].map((n) => `DNS:${n}`).join(',');
    const r = await gw.run({
      tool: 'openssl',
      args: ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-sha256', '-days', '365', '-subj', `/CN=${cert.commonName}`, '-addext', `subjectAltName=${names}`, '-keyout', { path: files.key }, '-out', { path: files.cert }],
      timeoutMs: 20_000,
    });
    if (r.exitCode !== 0) throw new Error(`openssl failed for ${id}: ${r.stderr.slice(-500)}`);
    created.push(id);
  }
  return created;
}
