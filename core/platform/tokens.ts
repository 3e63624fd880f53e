import { createHash, randomBytes } from 'node:crypto';

/** A random token with `bytes` bytes of entropy from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** What we store instead of a token: its SHA-256, hex. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
