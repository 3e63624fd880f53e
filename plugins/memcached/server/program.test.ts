import { defaultsOf } from '@portal/plugin-sdk';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { check, configPath, render } from './program.ts';

describe('memcached render', () => {
  it('renders every setting, the defaults when nothing was changed', () => {
    const [file] = render(defaultsOf(config));
    expect(file).toMatchObject({ path: configPath, mode: 0o644 });
    expect(file!.content).toContain('\nbind 127.0.0.1\nprotected-mode yes\nmaxclients 1000\ntimeout 300\nloglevel notice\n');
  });

  it('renders changed settings, one line each', () => {
    const [file] = render({ ...defaultsOf(config), maxClients: 20, protectedMode: false, logLevel: 'debug' });
    expect(file!.content.split('\n')).toEqual(expect.arrayContaining(['maxclients 20', 'protected-mode no', 'loglevel debug']));
  });
});

describe('memcached check', () => {
  /** Runs the descriptor's check command on a file with this content; its exit code and what it printed. */
  const run = (content: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcached-'));
    const file = path.join(dir, 'test.conf');
    fs.writeFileSync(file, content);
    try {
      const args = check.args({ path: file }, { path: file, content }).map((a) => (typeof a === 'string' ? a : a.path));
      return { code: 0, output: execFileSync(check.tool, args, { encoding: 'utf8' }) };
    } catch (e) {
      return { code: (e as { status: number }).status, output: String((e as { stdout: string }).stdout) };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('passes the rendered file and refuses a line that is not `<key> <value>`', () => {
    expect(run(render(defaultsOf(config))[0]!.content).code).toBe(0);
    const broken = run('# a comment\nbind 127.0.0.1\nmaxclients\n');
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/:3: maxclients$/m);
  });
});
