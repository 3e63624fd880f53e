import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSecretBox, twoFactorSecretBox } from './twoFactorSecretBox.ts';

describe('two-factor secret box', () => {
  const box = createSecretBox('k'.repeat(32));

  it('stores the TOTP secret encrypted and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two-factor:7');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed, 'two-factor:7')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'two-factor:7')).not.toBe(sealed);
  });

  it("refuses another user's row, a changed ciphertext and another key", () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two-factor:7');
    expect(() => box.open(sealed, 'two-factor:8')).toThrow();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'two-factor:7')).toThrow();
    expect(() => createSecretBox('x'.repeat(32)).open(sealed, 'two-factor:7')).toThrow();
  });

  it('without TWO_FACTOR_KEY keeps one random key file (0600) in the data directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-2fa-'));
    const a = twoFactorSecretBox({ dataDir: dir });
    const file = path.join(dir, 'two-factor.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file)).toHaveLength(32);
    const sealed = a.seal('secret', 'c');
    // A new process (no cache) with the same directory opens it.
    expect(createSecretBox(fs.readFileSync(file)).open(sealed, 'c')).toBe('secret');
    fs.rmSync(dir, { recursive: true });
  });
});
