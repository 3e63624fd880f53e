import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts two-factor secrets at rest: AES-256-GCM with a key derived (HKDF-SHA256) from
 * `TWO_FACTOR_KEY`, or, when that is unset, from a random key file `DATA_DIR/two-factor.key` created on
 * first use. Several portal instances must share `TWO_FACTOR_KEY`. The user id is authenticated data,
 * so a sealed secret copied to another user's row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const b64 = (b: Buffer) => b.toString('base64url');

export function createSecretBox(keyMaterial: string | Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, Buffer.alloc(0), 'portal two-factor secret v1', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const boxes = new Map<string, SecretBox>();

/** The box for a configuration: `TWO_FACTOR_KEY`, else the key file in the data directory (created once, mode 0600). */
export function twoFactorSecretBox(config: { TWO_FACTOR_KEY?: string; dataDir: string }): SecretBox {
  const id = config.TWO_FACTOR_KEY ? `env:${config.TWO_FACTOR_KEY}` : `file:${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(config.TWO_FACTOR_KEY ?? readOrCreateKeyFile(path.join(config.dataDir, 'two-factor.key')));
    boxes.set(id, box);
  }
  return box;
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: when two processes race, the second one reads the first one's key.
    fs.writeFileSync(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return fs.readFileSync(file);
}
