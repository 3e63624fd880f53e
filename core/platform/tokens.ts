import { hash, randomBytes } from 'node:crypto';

/** A random token with `bytes` bytes of entropy from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * What we store instead of a token: its SHA-256, hex. One-shot `crypto.hash` (no Hash object per call):
 * every authenticated request hashes its credential, so this is on the hot path (issue 14).
 */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');
