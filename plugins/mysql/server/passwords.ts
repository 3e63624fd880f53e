/**
 * Generated passwords and the hashes the server stores for them, computed here so the password never has to be
 * stored or sent to the server in clear: `mysql_native_password` is `*` + SHA1(SHA1(password)) in upper-case hex;
 * MariaDB's `ed25519` stores the Ed25519 public key of the secret scalar taken from SHA-512(password) — for a
 * 32-byte password exactly the public key of the Ed25519 seed `password` (RFC 8032 derives it the same way), so
 * `node:crypto` computes it. Every generated password has 32 characters (192 random bits, base64url).
 */
import crypto from 'node:crypto';

export type Authentication = 'ed25519' | 'mysql_native_password';

export const generatePassword = (): string => crypto.randomBytes(24).toString('base64url');

/** PKCS#8 prefix of a raw 32-byte Ed25519 seed. */
const ed25519Pkcs8 = Buffer.from('302e020100300506032b657004220420', 'hex');

export function passwordHash(password: string, authentication: Authentication): string {
  if (authentication === 'mysql_native_password')
    return `*${crypto.createHash('sha1').update(crypto.createHash('sha1').update(password).digest()).digest('hex').toUpperCase()}`;
  const seed = Buffer.from(password, 'utf8');
  if (seed.length !== 32) throw new Error('an ed25519 hash needs a generated password of 32 bytes');
  const key = crypto.createPrivateKey({ key: Buffer.concat([ed25519Pkcs8, seed]), format: 'der', type: 'pkcs8' });
  const x = crypto.createPublicKey(key).export({ format: 'jwk' }).x!;
  return Buffer.from(x, 'base64url').toString('base64').replace(/=+$/, '');
}
