/**
 * Generated passwords and the hash the broker stores for them (`rabbit_password_hashing_sha256`: base64 of a 4-byte
 * random salt followed by SHA-256(salt ‖ password)), computed here so the password is never stored nor sent to the
 * broker in clear — the management API takes the hash (`password_hash`). 32 characters, 192 random bits (base64url).
 */
import crypto from 'node:crypto';

export const generatePassword = (): string => crypto.randomBytes(24).toString('base64url');

export function passwordHash(password: string, salt: Buffer = crypto.randomBytes(4)): string {
  return Buffer.concat([salt, crypto.createHash('sha256').update(salt).update(password, 'utf8').digest()]).toString('base64');
}

/** Whether a password matches a stored hash (tests and the demo only; the broker checks logins itself). */
export function passwordMatches(password: string, hash: string): boolean {
  const raw = Buffer.from(hash, 'base64');
  return raw.length === 36 && crypto.timingSafeEqual(Buffer.from(passwordHash(password, raw.subarray(0, 4)), 'base64'), raw);
}
