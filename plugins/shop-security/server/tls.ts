/**
 * TLS settings of a site's HTTPS (issue 25): handshakes with node's `tls.connect` at the site's HTTPS listen (through
 * `gateway.reach`), the site's name as SNI, the certificate not verified by the connection itself but judged here:
 * - the negotiated protocol and cipher of a default handshake;
 * - whether TLS 1.0 and TLS 1.1 are accepted: a handshake limited to each. Node's OpenSSL 3 does not offer them at
 *   its default security level; the client retries with `DEFAULT@SECLEVEL=0` (which lets it offer them), and only
 *   when it still cannot offer one the protocol is reported `untested`;
 * - the certificate: expired (critical), < 14 days (high), < 30 days (medium), not naming the site, self-signed
 *   (low on the local sandbox, where the portal itself creates self-signed certificates; high elsewhere).
 * Validity is judged by the real time of the handshake (the portal's clock may be a demo or test time; a visitor's
 * browser judges the certificate by the real one).
 */
import tls from 'node:tls';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { SiteTarget } from '@portal/plugin-sdk/webserver';
import type { Finding, TlsSummary, WebServerKind } from '../shared/findings.ts';

type Outcome = { ok: true; socket: tls.TLSSocket } | { ok: false; code: string };

const handshake = (at: { host: string; port: number }, servername: string, options: tls.ConnectionOptions): Promise<Outcome> =>
  new Promise((resolve) => {
    const socket = tls.connect({ host: at.host, port: at.port, servername, rejectUnauthorized: false, timeout: 10_000, ...options }, () => resolve({ ok: true, socket }));
    socket.on('timeout', () => socket.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code ?? e.message }));
  });

/** The client could not offer the protocol at all (not the server refusing it). */
const cannotOffer = (code: string) => /NO_PROTOCOLS_AVAILABLE|NO_CIPHERS_AVAILABLE|NO_SUITABLE/i.test(code);

/** Whether the server accepts exactly this old protocol: `accepted`, `refused`, or `untested` when this client cannot offer it. */
async function acceptsOld(at: { host: string; port: number }, servername: string, version: 'TLSv1' | 'TLSv1.1'): Promise<'accepted' | 'refused' | 'untested'> {
  let r = await handshake(at, servername, { minVersion: version, maxVersion: version });
  if (!r.ok && cannotOffer(r.code)) r = await handshake(at, servername, { minVersion: version, maxVersion: version, ciphers: 'DEFAULT@SECLEVEL=0' });
  if (r.ok) {
    r.socket.destroy();
    return 'accepted';
  }
  return cannotOffer(r.code) ? 'untested' : 'refused';
}

/** The directive that allows only TLS 1.2 and 1.3, in the site's web server syntax. */
export const protocolsDirective: Record<WebServerKind, string> = { nginx: 'ssl_protocols TLSv1.2 TLSv1.3;', apache: 'SSLProtocol -all +TLSv1.2 +TLSv1.3' };

const day = 86_400_000;

/** The findings of a handshake's summary (pure: the summary, the site, the gateway kind and the time). */
export function tlsFindings(site: Pick<SiteTarget, 'server' | 'host'>, base: string, s: TlsSummary, sandbox: boolean, now: Date): Finding[] {
  const out: Finding[] = [];
  const at = { kind: 'tls' as const, file: `${base}/`, line: null, site: site.host, server: site.server };
  const old = (['TLSv1', 'TLSv1.1'] as const).filter((v) => s.legacy[v] === 'accepted');
  if (old.length) out.push({ ...at, severity: 'medium', rule: 'tls_old_protocol', evidence: `accepted: ${old.join(', ')}`, directive: protocolsDirective[site.server] });
  if (s.certificate) {
    const c = s.certificate;
    const left = (new Date(c.validTo).getTime() - now.getTime()) / day;
    const until = `valid until ${c.validTo.slice(0, 10)}`;
    if (left <= 0) out.push({ ...at, severity: 'critical', rule: 'tls_cert_expired', evidence: `${c.subject}: ${until}` });
    else if (left < 14) out.push({ ...at, severity: 'high', rule: 'tls_cert_expiring', evidence: `${c.subject}: ${until} (${Math.floor(left)} days)` });
    else if (left < 30) out.push({ ...at, severity: 'medium', rule: 'tls_cert_expiring', evidence: `${c.subject}: ${until} (${Math.floor(left)} days)` });
    if (!c.matchesHost) out.push({ ...at, severity: 'high', rule: 'tls_hostname_mismatch', evidence: `${site.host} not in ${c.names.join(', ') || c.subject}`.slice(0, 512) });
    if (c.selfSigned) out.push({ ...at, severity: sandbox ? 'low' : 'high', rule: 'tls_self_signed', evidence: `issuer ${c.issuer}`.slice(0, 512) });
  }
  return out;
}

/** One site's TLS: the default handshake (protocol, cipher, certificate) and the old protocols; `null` when no handshake succeeds. */
export async function checkTls(gateway: ServerGateway, site: Pick<SiteTarget, 'host' | 'https'>): Promise<TlsSummary | null> {
  if (!site.https) return null;
  const at = await gateway.reach(site.https);
  const r = await handshake(at, site.host, {});
  if (!r.ok) return null;
  const peer = r.socket.getPeerCertificate(true);
  const summary: TlsSummary = {
    site: site.host,
    protocol: r.socket.getProtocol() ?? 'unknown',
    cipher: r.socket.getCipher().name,
    legacy: { TLSv1: 'untested', 'TLSv1.1': 'untested' },
    certificate:
      peer && peer.valid_to
        ? {
            subject: peer.subject?.CN ? String(peer.subject.CN) : '',
            issuer: peer.issuer?.CN ? String(peer.issuer.CN) : (peer.issuer?.O ? String(peer.issuer.O) : ''),
            validTo: new Date(peer.valid_to).toISOString(),
            names: (peer.subjectaltname ?? '').split(/,\s*/).flatMap((n) => (n.startsWith('DNS:') ? [n.slice(4)] : [])),
            matchesHost: tls.checkServerIdentity(site.host, peer) === undefined,
            // Issued by itself: the same issuer and subject, or OpenSSL's verdict on the chain.
            selfSigned: ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN'].includes(String(r.socket.authorizationError ?? '')) || (!!peer.fingerprint256 && peer.issuerCertificate?.fingerprint256 === peer.fingerprint256),
          }
        : null,
  };
  r.socket.destroy();
  for (const v of ['TLSv1', 'TLSv1.1'] as const) summary.legacy[v] = await acceptsOld(at, site.host, v);
  return summary;
}
