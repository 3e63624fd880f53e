/**
 * Issue 8, defect 10: the start command refuses an https PUBLIC_URL without TRUST_PROXY with a clear
 * message (instead of failing every sign-in with 500), and its banner does not print the demo
 * password into the logs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPassword } from '@portal/core/seed';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** Runs the CLI until `until` appears in its output or it exits; returns the output and exit code. */
function run(env: Record<string, string>, until?: RegExp, ms = 120_000): Promise<{ out: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _db, PUBLIC_URL: _pu, TRUST_PROXY: _tp, ...base } = process.env;
    const child = spawn(process.execPath, [cli, 'start'], { env: { ...base, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out; output so far:\n${out}`));
    }, ms);
    const check = (chunk: Buffer) => {
      out += String(chunk);
      if (until?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ out, code });
    });
  });
}

describe('portal start command', () => {
  it('refuses an https PUBLIC_URL without TRUST_PROXY and says what to set', async () => {
    const { out, code } = await run({ PUBLIC_URL: 'https://portal.example', PORT: '0' });
    expect(code).toBe(2);
    expect(out).toContain('TRUST_PROXY');
    expect(out).toContain('TRUST_PROXY=1');
    expect(out).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('prints the demo logins and where to find their password, never the password itself', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
    try {
      const { out } = await run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }, /admin@demo\.example/);
      expect(out).toContain('Portal running at');
      expect(out).toContain('README.md');
      expect(out).toContain('manager@demo.example');
      expect(out).not.toContain(demoPassword);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
