/**
 * A pasted PEM for hitch: the private key (unencrypted) and the certificate with its chain. `inspectPem` takes it
 * apart with Node's crypto (no I/O) — the blocks it may hold, the key matching the first certificate, the validity —
 * and answers the canonical file hitch reads (key, certificates, optional DH parameters; anything else dropped) with
 * what the page shows (subject, names, expiry, fingerprint). The real `hitch --test` runs on it afterwards.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';

export type PemProblem = 'pem_invalid' | 'pem_no_key' | 'pem_encrypted' | 'pem_mismatch' | 'pem_expired';

export interface InspectedPem {
  /** The file hitch reads: key, certificates (leaf first), DH parameters. */
  canonical: string;
  subject: string;
  altNames: string[];
  /** YYYY-MM-DD. */
  validUntil: string;
  fingerprint: string;
}

const block = /-----BEGIN ([A-Z0-9 ]{1,40})-----\r?\n([\s\S]*?)-----END \1-----/g;
const keyLabels = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']);

/** The common name of an X.509 subject (`CN=…` line), or the whole subject. */
const commonName = (subject: string) => /(?:^|\n)CN=([^\n]*)/.exec(subject)?.[1] ?? subject.replace(/\n/g, ', ');

export function inspectPem(pem: string, now: Date): InspectedPem | { problem: PemProblem } {
  const keys: string[] = [];
  const certs: string[] = [];
  const params: string[] = [];
  for (const m of pem.matchAll(block)) {
    const [text, label, body] = m as unknown as [string, string, string];
    const normalized = text.replace(/\r\n/g, '\n');
    if (label === 'ENCRYPTED PRIVATE KEY' || (keyLabels.has(label) && /Proc-Type: 4,ENCRYPTED/.test(body))) return { problem: 'pem_encrypted' };
    if (keyLabels.has(label)) keys.push(normalized);
    else if (label === 'CERTIFICATE') certs.push(normalized);
    else if (label === 'DH PARAMETERS') params.push(normalized);
    else return { problem: 'pem_invalid' };
  }
  if (!certs.length) return { problem: 'pem_invalid' };
  if (keys.length !== 1) return { problem: 'pem_no_key' };
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certs[0]!);
    for (const c of certs.slice(1)) new X509Certificate(c);
  } catch {
    return { problem: 'pem_invalid' };
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(keys[0]!))) return { problem: 'pem_mismatch' };
  } catch {
    return { problem: 'pem_mismatch' };
  }
  const until = new Date(cert.validTo);
  if (!(until.getTime() > now.getTime())) return { problem: 'pem_expired' };
  const altNames = (cert.subjectAltName ?? '')
    .split(', ')
    .filter((n) => n.startsWith('DNS:'))
    .map((n) => n.slice(4).slice(0, 253))
    .slice(0, 100);
  return {
    canonical: `${[...keys, ...certs, ...params].map((b) => b.trimEnd()).join('\n')}\n`,
    subject: commonName(cert.subject).slice(0, 500),
    altNames,
    validUntil: until.toISOString().slice(0, 10),
    fingerprint: cert.fingerprint256.slice(0, 100),
  };
}
