/**
 * Basic-authentication passwords as SHA-512-crypt (`$6$`, 5000 rounds): nginx and apache (crypt(3) on Linux) hand hashes they do
 * not know themselves to crypt(3), and glibc/libxcrypt on Debian verify them. Chosen over bcrypt because
 * nginx verifies on every request inside its worker (bcrypt would block it for tens of milliseconds),
 * and over apr1/`{SSHA}` because those are single fast digests. The hash itself is the SDK's (`passwords.ts`).
 */
import { cryptMatches, sha512Crypt } from '../../passwords.ts';

/** A new hash with a random salt. */
export const hashPassword = (password: string): string => sha512Crypt(password);

/** Whether a password matches a stored hash (tests). */
export const passwordMatches = (password: string, hash: string): boolean => cryptMatches(password, hash);
