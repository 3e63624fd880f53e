import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores argon2id and accepts only the right password', async () => {
    const hash = await hashPassword('Demo-Portal-2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('Demo-Portal-2026');
    await expect(verifyPassword(hash, 'Demo-Portal-2026')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'demo-portal-2026')).resolves.toBe(false);
    await expect(verifyPassword('garbage', 'Demo-Portal-2026')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});
