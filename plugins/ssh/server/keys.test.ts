import type { RunRequest, RunResult, ServerGateway } from '@portal/plugin-sdk/server';
import { expectedFingerprints, fingerprintsOf, parseKey, validateAuthorizedKeys } from './keys.ts';
import { renderAuthorizedKeys } from './render.ts';
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
    expect(r).toEqual({ ok: true, key: { type, bits: testFingerprints[name].bits, fingerprint: testFingerprints[name].fingerprint, data: testKeys[name].split(' ')[1], comment: `test@${name}` } });
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

describe('ssh-keygen check of authorized_keys (the program runs through checkEachFile of the SDK)', () => {
  const [t, d] = testKeys.ed25519.split(' ');
  const [rt, rd] = testKeys.rsab3072.split(' ');
  const files = renderAuthorizedKeys([
    { id: 1, user: 'deploy', label: 'Anna', type: t, data: d },
    { id: 2, user: 'deploy', label: 'CI', type: rt, data: rd },
  ]).map(({ path, content }) => ({ path, content }));
  const good = `256 ${testFingerprints.ed25519.fingerprint} Anna (ED25519)\n3072 ${testFingerprints.rsab3072.fingerprint} CI (RSA)\n`;
  const gateway = (answer: (r: RunRequest) => Partial<RunResult>): ServerGateway =>
    ({
      hasTool: async (tool: string) => ({ tool, available: true }),
      run: async (r: RunRequest) => ({ exitCode: 0, stdout: '', stderr: '', timedOut: false, durationMs: 1, ...answer(r) }),
    }) as unknown as ServerGateway;

  it('reads the fingerprints ssh-keygen -l prints and those a file should show', () => {
    expect(fingerprintsOf(good)).toEqual([testFingerprints.ed25519.fingerprint, testFingerprints.rsab3072.fingerprint]);
    expect(expectedFingerprints(files[0])).toEqual([testFingerprints.ed25519.fingerprint, testFingerprints.rsab3072.fingerprint]);
  });

  it('passes when ssh-keygen -l -f <file> shows exactly the expected keys, fails when it shows others', async () => {
    const calls: RunRequest[] = [];
    expect(await validateAuthorizedKeys(gateway((req) => (calls.push(req), { stdout: good })), files)).toMatchObject({ status: 'passed', tool: 'ssh-keygen' });
    expect(calls[0]).toMatchObject({ tool: 'ssh-keygen', args: ['-l', '-f', { path: '/home/deploy/.ssh/authorized_keys' }] });
    expect(await validateAuthorizedKeys(gateway(() => ({ stdout: good.split('\n')[0] })), files)).toMatchObject({ status: 'failed', output: expect.stringContaining('expected:') });
  });
});
