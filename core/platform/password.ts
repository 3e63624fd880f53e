import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

/** Hashes a password with argon2id into the PHC string format (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: password, nonce, ...params });
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(nonce)}$${b64(tag)}`;
}

/** Checks a password against a PHC argon2id string in constant time. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
  if (!m) return false;
  const expected = Buffer.from(m[5], 'base64');
  const tag = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(m[4], 'base64'),
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return tag.length === expected.length && timingSafeEqual(tag, expected);
}

/** A hash of a random password, used to spend the same time when an e-mail address is unknown. */
export const dummyPasswordHash = await hashPassword(randomBytes(16).toString('hex'));
