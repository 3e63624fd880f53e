import type { RunRequest, RunResult, ServerGateway } from './gateway.ts';
import { checkEachFile } from './checkFiles.ts';

/** A gateway whose program answers as told. */
function gateway(available: boolean, answer?: (r: RunRequest) => Partial<RunResult>): ServerGateway {
  return {
    hasTool: async (tool: string) => ({ tool, available }),
    run: async (r: RunRequest) => ({ exitCode: 0, stdout: '', stderr: '', timedOut: false, durationMs: 1, ...answer?.(r) }),
  } as unknown as ServerGateway;
}

const files = [
  { path: '/etc/a.conf', content: 'a' },
  { path: '/etc/b.conf', content: 'b' },
];
const check = { tool: 'checker', args: (file: { path: string }) => ['-f', file] };

describe('checkEachFile (steps.validate with a program per file)', () => {
  it('runs the program on every file as a path of the server and passes with their output', async () => {
    const calls: RunRequest[] = [];
    const r = await checkEachFile(gateway(true, (req) => (calls.push(req), { stdout: 'ok' })), files, check);
    expect(r).toEqual({ status: 'passed', tool: 'checker', output: '/etc/a.conf:\nok\n\n/etc/b.conf:\nok' });
    expect(calls.map((c) => c.args)).toEqual([['-f', { path: '/etc/a.conf' }], ['-f', { path: '/etc/b.conf' }]]);
  });

  it('fails at the first file the program refuses or `verify` objects to, with the output so far', async () => {
    expect(await checkEachFile(gateway(true, () => ({ exitCode: 255, stderr: 'not a file' })), files, check)).toEqual({ status: 'failed', tool: 'checker', output: '/etc/a.conf:\nnot a file' });
    const verify = (f: { path: string }) => (f.path === '/etc/b.conf' ? 'expected: b' : undefined);
    expect(await checkEachFile(gateway(true), files, { ...check, verify })).toMatchObject({ status: 'failed', output: expect.stringMatching(/b\.conf:\n\n\nexpected: b$/) });
  });

  it('is skipped with the reason when the program is not installed; nothing to check without files', async () => {
    expect(await checkEachFile(gateway(false), files, check)).toEqual({ status: 'skipped', reason: 'tool_missing', tool: 'checker' });
    expect(await checkEachFile(gateway(false), [], { ...check, none: 'no keys' })).toEqual({ status: 'passed', tool: 'checker', output: 'no keys' });
  });
});
