import { constants, createHash, generateKeyPair, privateEncrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { EntityManager } from '@mikro-orm/core';
import forge from 'node-forge';
import { CertificateOrderKey } from './certificateEntities.ts';
import { subjectAltNamesOf } from './certificateKeys.ts';
import type { CertificateOrderDetails } from './certificateOrder.ts';
import type { Order } from './Order.ts';

const generateRsa = promisify(generateKeyPair);
const SHA256_DIGEST_INFO = '3031300d060960864801650304020105000420';
/** The name the local CA's DCV files carry (a real CA names itself, e.g. `sectigo.com`). */
export const LOCAL_CA_NAME = 'local-ca.portal.invalid';

/** A forge signer that signs natively (node:crypto), as the CSR does: forge's pure-JS RSA is far too slow. */
const nativeSigner = (key: KeyObject) =>
  ({
    sign: (md: forge.md.MessageDigest) =>
      privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([Buffer.from(SHA256_DIGEST_INFO, 'hex'), Buffer.from(md.digest().getBytes(), 'binary')])).toString('binary'),
  }) as unknown as forge.pki.rsa.PrivateKey;

interface LocalCa {
  key: KeyObject;
  cert: forge.pki.Certificate;
  pem: string;
}

let localCa: Promise<LocalCa> | undefined;

/**
 * The local stand-in of the CA's intermediate: a self-signed CA certificate with a 2048-bit key, made once
 * per process (a real CA adapter returns the intermediate it issued with). Not trusted by anything.
 */
function localIntermediate(): Promise<LocalCa> {
  localCa ??= (async () => {
    const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date(Date.UTC(2026, 0, 1));
    cert.validity.notAfter = new Date(Date.UTC(2036, 0, 1));
    const subject = [
      { name: 'commonName', value: 'Portal Local Intermediate CA (not trusted)' },
      { name: 'organizationName', value: 'Customer portal, local development' },
    ];
    cert.setSubject(subject);
    cert.setIssuer(subject);
    cert.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]);
    cert.sign(nativeSigner(privateKey), forge.md.sha256.create());
    return { key: privateKey, cert, pem: forge.pki.certificateToPem(cert) };
  })();
  return localCa;
}

/**
 * The local CA's certificate for an order: the CSR's public key and names, valid from the order date for
 * the ordered term, serial from the order number, signed by the local intermediate.
 */
export async function localCertificateOf(order: Pick<Order, 'number' | 'orderedAt'>, details: CertificateOrderDetails, csrPem: string): Promise<{ certificate: string; intermediate: string }> {
  const ca = await localIntermediate();
  const csr = forge.pki.certificationRequestFromPem(csrPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = csr.publicKey!;
  cert.serialNumber = createHash('sha256').update(order.number).digest('hex').slice(0, 16).replace(/^[89a-f]/, '1');
  cert.validity.notBefore = order.orderedAt;
  const until = new Date(order.orderedAt);
  until.setUTCMonth(until.getUTCMonth() + details.termMonths);
  cert.validity.notAfter = until;
  cert.setSubject(csr.subject.attributes);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: subjectAltNamesOf(details).map((value) => ({ type: 2, value })) },
  ]);
  cert.sign(nativeSigner(ca.key), forge.md.sha256.create());
  return { certificate: forge.pki.certificateToPem(cert), intermediate: ca.pem };
}

export interface DcvFile {
  domain: string;
  method: 'http' | 'dns';
  /** HTTP: the file's path under the domain; DNS: the TXT record's name. */
  name: string;
  /** HTTP: the file's content; DNS: the TXT value. */
  content: string;
}

/**
 * The domain-control validation of each domain whose method is HTTP file or DNS record (e-mail needs no
 * file): a token from the order number, the domain and the CSR (changes with a new key, as at real CAs).
 */
export function dcvFilesOf(orderNumber: string, details: CertificateOrderDetails, csrPem: string): DcvFile[] {
  return details.verifications.flatMap((v): DcvFile[] => {
    if (v.method !== 'http' && v.method !== 'dns') return [];
    const token = createHash('sha256').update(`${orderNumber}\n${v.domain}\n${csrPem}`).digest('hex').toUpperCase();
    return v.method === 'http'
      ? [{ domain: v.domain, method: 'http', name: `/.well-known/pki-validation/${token.slice(0, 32)}.txt`, content: `${token}\n${LOCAL_CA_NAME}` }]
      : [{ domain: v.domain, method: 'dns', name: `_pki-validation.${v.domain}`, content: `${token}.${LOCAL_CA_NAME}` }];
  });
}

export interface CertificateFiles {
  csr: string | null;
  certificate: string | null;
  intermediate: string | null;
  dcv: DcvFile[];
}

/**
 * The public files of a certificate order (R3.046): the CSR and the DCV content once the key is made,
 * the certificate and its intermediate once the order is completed. The caller has found the order
 * through `findOrder` (managers of its customer only).
 */
export async function certificateFilesOf(em: EntityManager, order: Order): Promise<CertificateFiles> {
  if (order.details.kind !== 'certificate') return { csr: null, certificate: null, intermediate: null, dcv: [] };
  const key = await em.findOne(CertificateOrderKey, { order: order.id });
  if (!key) return { csr: null, certificate: null, intermediate: null, dcv: [] };
  const issued = order.status === 'completed' ? await localCertificateOf(order, order.details, key.csrPem) : null;
  return { csr: key.csrPem, certificate: issued?.certificate ?? null, intermediate: issued?.intermediate ?? null, dcv: dcvFilesOf(order.number, order.details, key.csrPem) };
}
