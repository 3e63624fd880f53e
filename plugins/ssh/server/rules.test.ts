import { checkNewKey, maxKeysPerUser } from './rules.ts';
import { testFingerprints, testKeys } from './testKeys.ts';

const input = { user: 'deploy', label: 'Anna laptop', publicKey: testKeys.ed25519 };

describe('ssh key rules (R2.031)', () => {
  it('accepts a good key', () => {
    expect(checkNewKey(input, [])).toMatchObject({ ok: true, key: { fingerprint: testFingerprints.ed25519.fingerprint } });
  });

  it('R2.031 refuses the same key twice for a user, but allows it for another user', () => {
    const existing = [{ id: 1, user: 'deploy', fingerprint: testFingerprints.ed25519.fingerprint }];
    expect(checkNewKey(input, existing)).toEqual({ ok: false, errors: { publicKey: ['ssh:errors.duplicate'] } });
    expect(checkNewKey({ ...input, user: 'developer' }, existing)).toMatchObject({ ok: true });
  });

  it('reports every bad field at once', () => {
    expect(checkNewKey({ user: 'root', label: 'a;b', publicKey: 'nope' }, [])).toEqual({
      ok: false,
      errors: { publicKey: ['ssh:errors.malformed'], label: ['ssh:errors.label_characters'], user: ['ssh:errors.user_unknown'] },
    });
    expect(checkNewKey({ ...input, label: '   ' }, [])).toEqual({ ok: false, errors: { label: ['ssh:errors.label_required'] } });
    expect(checkNewKey({ ...input, publicKey: testKeys.rsab2048 }, [])).toEqual({ ok: false, errors: { publicKey: ['ssh:errors.rsa_too_short'] } });
  });

  it(`allows at most ${maxKeysPerUser} keys per user`, () => {
    const many = Array.from({ length: maxKeysPerUser }, (_, i) => ({ id: i, user: 'deploy', fingerprint: `SHA256:${i}` }));
    expect(checkNewKey(input, many)).toEqual({ ok: false, errors: { _: ['ssh:errors.too_many'] } });
  });
});
