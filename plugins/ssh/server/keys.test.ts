import { parseKey } from './keys.ts';
import { testFingerprints, testKeys } from './testKeys.ts';

describe('SSH public keys (R2.031)', () => {
  it.each([
    ['ed25519', 'ssh-ed25519'],
    ['ecdsab256', 'ecdsa-sha2-nistp256'],
    ['ecdsab384', 'ecdsa-sha2-nistp384'],
    ['ecdsab521', 'ecdsa-sha2-nistp521'],
    ['rsab3072', 'ssh-rsa'],
    ['rsab4096', 'ssh-rsa'],
  ] as const)('R2.031 reads a %s key: type, bits and the SHA256 fingerprint ssh-keygen -l shows', (name, type) => {
    const r = parseKey(testKeys[name]);
    expect(r).toEqual({
      ok: true,
      key: {
        type,
        bits: testFingerprints[name].bits,
        fingerprint: testFingerprints[name].fingerprint,
        data: testKeys[name].split(' ')[1],
        comment: `test@${name}`,
      },
    });
  });

  it('accepts a key without comment, with surrounding whitespace and tabs between the parts', () => {
    const [t, d] = testKeys.ed25519.split(' ');
    expect(parseKey(`  ${t}\t${d}  \n`)).toMatchObject({ ok: true, key: { type: t, data: d } });
    const plain = parseKey(`${t} ${d}`);
    expect(plain.ok && 'comment' in plain.key).toBe(false);
  });

  it('R2.031 refuses RSA below 3072 bits and says how many it has', () => {
    expect(parseKey(testKeys.rsab2048)).toEqual({ ok: false, problem: 'rsa_too_short', bits: 2048 });
  });

  it.each([
    ['nothing', '   ', 'required'],
    ['DSA', testKeys.dsa, 'type_not_allowed'],
    ['a security key (the library cannot read it)', testKeys.sk, 'type_not_allowed'],
    ['a private key', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----', 'private_key'],
    ['two keys', `${testKeys.ed25519}\n${testKeys.ecdsab256}`, 'multiple_lines'],
    ['options (command=)', `command="/bin/sh -c 'id'",no-pty ${testKeys.ed25519}`, 'options_not_allowed'],
    ['options (from=)', `from="10.0.0.1" ${testKeys.ed25519}`, 'options_not_allowed'],
    ['an unknown type', 'ssh-foo AAAAB3NzaC1yc2E', 'malformed'],
    ['garbage', 'hello world', 'malformed'],
    ['a truncated key', testKeys.ed25519.slice(0, 40), 'malformed'],
    ['base64 with extra bytes', testKeys.ed25519.replace(' test@', 'AAAA test@'), 'malformed'],
    ['a key whose type does not match its data', `ssh-rsa ${testKeys.ed25519.split(' ')[1]}`, 'malformed'],
    ['a curve that does not match', `ecdsa-sha2-nistp384 ${testKeys.ecdsab256.split(' ')[1]}`, 'malformed'],
    ['not base64', 'ssh-ed25519 AAAA$(reboot)', 'malformed'],
    ['a NUL byte', `${testKeys.ed25519}\u0000`, 'malformed'],
  ])('refuses %s', (_what, input, problem) => {
    expect(parseKey(input)).toMatchObject({ ok: false, problem });
  });
});
