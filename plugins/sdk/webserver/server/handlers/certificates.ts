/** The TLS certificates a site can use: only the server's own customer's (another's would install its private key here). */
import { certificatesOf } from '../../shared/options.ts';
import type { WebServerKit } from '../dialect.ts';
import type { CertificateView } from '../views.ts';
import type { SiteContext } from './context.ts';

export function certificateHandlers({ dialect, ports }: WebServerKit) {
  return {
    async list(c: SiteContext): Promise<{ data: CertificateView[] }> {
      const statuses = await dialect.certificateStatuses(ports.gateway(c.server.id), c.server.customer.number);
      return { data: certificatesOf(c.server.customer.number).map(({ customer: _owner, ...cert }) => ({ ...cert, altNames: [...cert.altNames], status: statuses.get(cert.id) ?? 'missing' })) };
    },
  };
}
