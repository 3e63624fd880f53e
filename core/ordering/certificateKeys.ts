import { constants, generateKeyPair, privateEncrypt } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { CERTIFICATE_KEY_BITS, isWildcard, type CertificateOrderDetails } from './certificateOrder.ts';

const generateRsa = promisify(generateKeyPair);
/** The DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2). */
const SHA256_DIGEST_INFO = '3031300d060960864801650304020105000420';

/** The names a certificate covers: each domain, and for wildcard types also `*.` of it. */
export function subjectAltNamesOf(d: Pick<CertificateOrderDetails, 'certificateType' | 'domains'>): string[] {
  return d.domains.flatMap((x) => (isWildcard(d.certificateType) ? [`*.${x}`, x] : [x]));
}

/**
 * Makes the key pair and the certificate signing request of an order on the server: an RSA key of
 * {@link CERTIFICATE_KEY_BITS} bits from `node:crypto` and a PKCS#10 CSR signed with SHA-256
 * (`node-forge`). Subject: the first name as CN and, for organization and extended types, the owner's
 * organization, city and country; every name as subjectAltName.
 */
export async function generateCertificateRequest(d: CertificateOrderDetails): Promise<{ privateKeyPem: string; csrPem: string }> {
  const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: CERTIFICATE_KEY_BITS, publicExponent: 0x10001 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const names = subjectAltNamesOf(d);
  const subject: forge.pki.CertificateField[] = [{ name: 'commonName', value: names[0] }];
  if (!d.certificateType.startsWith('domain') && !d.certificateType.startsWith('multi_domain') && d.certificateType !== 'wildcard_ssl') {
    subject.push({ name: 'organizationName', value: d.owner.company }, { name: 'localityName', value: d.owner.city }, { name: 'countryName', value: d.owner.country });
    // R3.044: the federal state and the department where the owner names them.
    if (d.owner.federalState) subject.push({ name: 'stateOrProvinceName', value: d.owner.federalState });
    if (d.owner.department) subject.push({ name: 'organizationalUnitName', value: d.owner.department });
  }
  csr.setSubject(subject);
  csr.setAttributes([{ name: 'extensionRequest', extensions: [{ name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) }] }]);
  // RSASSA-PKCS1-v1_5 with SHA-256: forge builds the request, node:crypto signs (native, fast) the DigestInfo of its digest.
  const signer = {
    sign: (md: forge.md.MessageDigest) => {
      const digestInfo = Buffer.concat([Buffer.from(SHA256_DIGEST_INFO, 'hex'), Buffer.from(md.digest().getBytes(), 'binary')]);
      return privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
  csr.sign(signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { privateKeyPem, csrPem: forge.pki.certificationRequestToPem(csr) };
}

/** What a CSR says (tests and the order detail): subject fields, names, key size, and whether its signature holds. */
export function readCertificateRequest(pem: string): { subject: Record<string, string>; altNames: string[]; keyBits: number; signatureValid: boolean } {
  const csr = forge.pki.certificationRequestFromPem(pem);
  const subject = Object.fromEntries(csr.subject.attributes.map((a) => [a.name ?? a.type, String(a.value)]));
  const ext = csr.getAttribute({ name: 'extensionRequest' }) as { extensions?: { name: string; altNames?: { value: string }[] }[] } | null;
  const altNames = ext?.extensions?.find((e) => e.name === 'subjectAltName')?.altNames?.map((n) => n.value) ?? [];
  return { subject, altNames, keyBits: (csr.publicKey as forge.pki.rsa.PublicKey).n.bitLength(), signatureValid: csr.verify() };
}

/** The local adapter of the certificate authority refuses names with this first label (the way to see §8 "certificate order failed"). */
export const LOCAL_CA_REFUSED_LABEL = 'ca-refused';

export class CertificateOrderFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CertificateOrderFailed';
  }
}

/** The certificate authority port: accepts a CSR for an order, or refuses it. */
export interface CertificateAuthority {
  submit(details: CertificateOrderDetails, csrPem: string): Promise<void>;
}

/** The local adapter: accepts every request except names starting with {@link LOCAL_CA_REFUSED_LABEL}. */
export const localCertificateAuthority: CertificateAuthority = {
  async submit(details) {
    if (details.domains.some((x) => x.split('.')[0] === LOCAL_CA_REFUSED_LABEL)) throw new CertificateOrderFailed('the certificate authority refused the request');
  },
};
