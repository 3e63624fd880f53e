/**
 * Service passwords the portal generates and the crypt(3) hash programs verify them with. Shared by the modules that
 * keep accounts of a program in a file of their own (the web server family's htpasswd, FTP's `AuthUserFile`).
 *
 * SHA-512-crypt (`$6$`, 5000 rounds): glibc/libxcrypt on Debian verify it for every program that hands a hash to
 * crypt(3) (nginx, apache, ProFTPD's mod_auth_file, Dovecot's SHA512-CRYPT).
 */
import crypto from 'node:crypto';
import { encrypt, verify } from 'unixcrypt';

/** A generated password: 32 characters of base64url, 192 random bits. */
export const generatePassword = (): string => crypto.randomBytes(24).toString('base64url');

const saltAlphabet = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 16 random characters of crypt's alphabet (96 bits), the longest salt SHA-512-crypt uses. */
export const cryptSalt = (): string => Array.from(crypto.randomBytes(16), (b) => saltAlphabet[b & 63]).join('');

/**
 * A SHA-512-crypt hash of a password with a random salt. (`unixcrypt`'s `encrypt(p, '$6$')` takes `$6$` as the salt
 * spec and hashes with an empty salt — every user with the same password had the same hash; the salt is ours.)
 */
export const sha512Crypt = (password: string): string => encrypt(password, `$6$${cryptSalt()}`);

/** Whether a password matches a SHA-512-crypt (or other crypt(3)) hash (tests, demos). */
export const cryptMatches = (password: string, hash: string): boolean => verify(password, hash);
