/**
 * The TLS pair ProFTPD needs for FTPS (`/etc/proftpd/portal-tls/ftp.{pem,key}`): created once, before the first apply,
 * as a self-signed EC P-256 certificate for the server's name (one year) with `openssl`, when none is there. An
 * administrator may replace both files with a certificate of a CA; the portal never overwrites an existing pair.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { tlsCertPath, tlsDir, tlsKeyPath } from './program.ts';

export async function ensureTlsPair(gw: ServerGateway, commonName = 'localhost'): Promise<void> {
  if ((await gw.readFile(tlsCertPath)) !== null && (await gw.readFile(tlsKeyPath)) !== null) return;
  if (!(await gw.hasTool('openssl')).available) return; // proftpd -t then names the missing file
  // Creates the directory (openssl does not).
  await gw.writeFile({ path: `${tlsDir}/README`, content: 'TLS pair of the FTP server, created by the portal (self-signed). Replace both files with a CA-signed pair if you like; the portal keeps them.\n' });
  const r = await gw.run({
    tool: 'openssl',
    args: ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-sha256', '-days', '365', '-subj', `/CN=${commonName}`, '-keyout', { path: tlsKeyPath }, '-out', { path: tlsCertPath }],
    timeoutMs: 20_000,
  });
  if (r.exitCode !== 0) throw new Error(`openssl failed: ${r.stderr.slice(-500)}`);
}
