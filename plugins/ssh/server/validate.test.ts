import type { RunRequest, RunResult, ServerGateway } from '@portal/plugin-sdk/server';
import { renderAuthorizedKeys } from './render.ts';
import { testFingerprints, testKeys } from './testKeys.ts';
import { expectedFingerprints, fingerprintsOf, validateAuthorizedKeys } from './validate.ts';

const [t, d] = testKeys.ed25519.split(' ');
const [rt, rd] = testKeys.rsab3072.split(' ');
const files = renderAuthorizedKeys([
  { id: 1, user: 'deploy', label: 'Anna', type: t, data: d },
  { id: 2, user: 'deploy', label: 'CI', type: rt, data: rd },
]).map(({ path, content }) => ({ path, content }));

/** A gateway whose ssh-keygen answers as told. */
function fakeGateway(available: boolean, answer?: (r: RunRequest) => Partial<RunResult>): ServerGateway {
  return {
    hasTool: async (tool: string) => ({ tool, available }),
    run: async (r: RunRequest) => ({ exitCode: 0, stdout: '', stderr: '', timedOut: false, durationMs: 1, ...answer?.(r) }),
  } as unknown as ServerGateway;
}

describe('ssh-keygen check of authorized_keys', () => {
  const good = `256 ${testFingerprints.ed25519.fingerprint} Anna (ED25519)\n3072 ${testFingerprints.rsab3072.fingerprint} CI (RSA)\n`;

  it('reads the fingerprints ssh-keygen -l prints', () => {
    expect(fingerprintsOf(good)).toEqual([testFingerprints.ed25519.fingerprint, testFingerprints.rsab3072.fingerprint]);
    expect(expectedFingerprints(files[0])).toEqual([testFingerprints.ed25519.fingerprint, testFingerprints.rsab3072.fingerprint]);
  });

  it('passes when ssh-keygen shows exactly the expected keys (the file is passed as a path of the server)', async () => {
    const calls: RunRequest[] = [];
    const r = await validateAuthorizedKeys(
      fakeGateway(true, (req) => (calls.push(req), { stdout: good })),
      files,
    );
    expect(r).toMatchObject({ status: 'passed', tool: 'ssh-keygen' });
    expect(calls[0]).toMatchObject({ tool: 'ssh-keygen', args: ['-l', '-f', { path: '/home/deploy/.ssh/authorized_keys' }] });
  });

  it('fails when ssh-keygen refuses the file or shows other keys', async () => {
    expect(
      await validateAuthorizedKeys(
        fakeGateway(true, () => ({ exitCode: 255, stderr: 'is not a public key file.' })),
        files,
      ),
    ).toMatchObject({ status: 'failed', output: expect.stringContaining('is not a public key file') });
    expect(
      await validateAuthorizedKeys(
        fakeGateway(true, () => ({ stdout: good.split('\n')[0] })),
        files,
      ),
    ).toMatchObject({ status: 'failed', output: expect.stringContaining('expected:') });
  });

  it('is skipped, with the reason, when ssh-keygen is not installed; nothing to check without files', async () => {
    expect(await validateAuthorizedKeys(fakeGateway(false), files)).toEqual({
      status: 'skipped',
      reason: 'tool_missing',
      tool: 'ssh-keygen',
    });
    expect(await validateAuthorizedKeys(fakeGateway(false), [])).toMatchObject({ status: 'passed' });
  });
});
