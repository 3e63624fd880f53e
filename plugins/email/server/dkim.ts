/**
 * DKIM keys and the DNS records a mail domain needs: the key pair generated with `node:crypto` (RSA 2048, the size
 * every receiver accepts and that still fits one TXT record), the TXT value split into character strings of at most
 * 255 bytes (a TXT record's strings are limited to 255 bytes each; resolvers join them), and suggested SPF and DMARC
 * records. Pure apart from the key generation.
 */
import { generateKeyPairSync } from 'node:crypto';

export interface DkimKeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** SPKI DER, base64: the `p=` tag. */
  publicKey: string;
}

export function generateDkimKey(): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** Splits a TXT value into strings of at most `max` bytes (ASCII: the DKIM value is). */
export function splitTxt(value: string, max = 255): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += max) out.push(value.slice(i, i + max));
  return out.length ? out : [''];
}

export interface DkimRecord {
  selector: string;
  name: string;
  value: string;
  strings: string[];
}

/** The TXT record of a domain's DKIM public key. */
export function dkimRecord(domain: string, selector: string, publicKey: string): DkimRecord {
  const value = `v=DKIM1; k=rsa; p=${publicKey}`;
  return { selector, name: `${selector}._domainkey.${domain}`, value, strings: splitTxt(value) };
}

/** A zone-file line of the record (`name. IN TXT ( "…" "…" )`), for copying. */
export const zoneLine = (r: DkimRecord): string => `${r.name}. 3600 IN TXT ( ${r.strings.map((s) => `"${s}"`).join(' ')} )`;

/** Suggested SPF: the domain's MX hosts send its mail, nothing else does. */
export const spfHint = (): string => 'v=spf1 mx -all';

/** Suggested DMARC: quarantine what fails, aggregate reports to the domain's postmaster. */
export const dmarcHint = (domain: string): string => `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${domain}`;
