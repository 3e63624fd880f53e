import { maskSecretValues } from '@portal/plugin-sdk/gateway';
import { secretForms } from './environment.ts';
import { countExits } from './status.ts';
import { commandExecutables } from './program.ts';
import { renderPrograms } from './render.ts';
import { checkProgram, quotesBalanced } from './rules.ts';

const base = {
  id: 1,
  name: 'worker',
  command: 'php artisan queue:work --sleep=3',
  directory: '/var/www',
  user: 'www-data',
  numprocs: 1,
  autostart: true,
  autorestart: 'unexpected',
  startsecs: 5,
  stopwaitsecs: 30,
  stopsignal: 'TERM',
};

describe('supervisor render', () => {
  it('writes commands with spaces and quotes as they are, % as %%', () => {
    const out = renderPrograms([{ ...base, command: `sh -c "echo 'a b' 50%"` }]);
    expect(out).toContain(`command=sh -c "echo 'a b' 50%%"\n`);
    expect(out).toContain('[program:worker]\n');
    expect(out).toContain('autorestart=unexpected\n');
    expect(out).toContain('stdout_logfile=/var/log/supervisor/portal-worker.log\n');
  });
  it('names the processes when there are several', () => {
    expect(renderPrograms([{ ...base, numprocs: 3 }])).toContain('process_name=%(program_name)s_%(process_num)02d\nnumprocs=3\n');
  });
  it('maps the log into the sandbox and leaves out an empty directory', () => {
    const out = renderPrograms([{ ...base, directory: '' }], (p) => `/sandbox${p}`);
    expect(out).not.toContain('directory=');
    expect(out).toContain('stdout_logfile=/sandbox/var/log/supervisor/portal-worker.log');
  });
  it('refuses a value that would add a line', () => {
    expect(() => renderPrograms([{ ...base, command: 'a\n[program:evil]' }])).toThrow(/not allowed/);
    expect(() => renderPrograms([{ ...base, name: 'x]\n' }])).toThrow(/not allowed/);
  });
  it('writes the environment as supervisord reads it, and masks a secret as written', () => {
    const out = renderPrograms([
      {
        ...base,
        environment: [
          ['APP_ENV', 'a b,c=d'],
          ['TOKEN', 'x%y\\z'],
        ],
      },
    ]);
    expect(out).toContain('environment=APP_ENV="a b,c=d",TOKEN="x%%y\\z"\n');
    expect(maskSecretValues(out, secretForms('x%y\\z'))).toContain('environment=APP_ENV="a b,c=d",TOKEN=********\n');
    expect(() => renderPrograms([{ ...base, environment: [['A', 'say "hi"']] }])).toThrow(/not allowed/);
    expect(() => renderPrograms([{ ...base, environment: [['A', 'x ;y']] }])).toThrow(/not allowed/);
  });
  it("counts the exits of the last minute from supervisord's log (a stop is none)", () => {
    const log = [
      '2026-11-29 10:00:00,100 INFO exited: old (exit status 1; not expected)',
      "2026-11-29 10:00:30,100 INFO spawned: 'flapper' with pid 2",
      '2026-11-29 10:00:33,100 INFO exited: flapper (exit status 1; not expected)',
      "2026-11-29 10:00:34,100 INFO spawned: 'flapper' with pid 3",
      '2026-11-29 10:00:37,100 INFO exited: flapper (exit status 1; not expected)',
      '2026-11-29 10:00:40,100 INFO exited: w_00 (exit status 0; expected)',
      '2026-11-29 10:00:41,100 INFO stopped: ticker (terminated by SIGTERM)',
    ];
    expect(countExits(log, '2026-11-29 10:01:20')).toEqual(
      new Map([
        ['flapper', 2],
        ['w_00', 1],
      ]),
    );
  });
  it('finds the executables of the commands', () => {
    expect(commandExecutables(renderPrograms([base, { ...base, id: 2, name: 'b', command: '"/opt/my app/run" x' }]))).toEqual([
      'php',
      '/opt/my app/run',
    ]);
  });
  it('checks quotes and names', () => {
    expect(quotesBalanced(`sh -c "echo 'x'"`)).toBe(true);
    expect(quotesBalanced(`sh -c "echo`)).toBe(false);
    expect(checkProgram({ name: 'worker', command: 'x' }, [{ id: 1, name: 'worker' }])).toEqual({ name: ['supervisor:errors.duplicate'] });
    expect(checkProgram({ name: 'worker', command: 'x' }, [{ id: 1, name: 'worker' }], 1)).toBeUndefined();
  });
});
