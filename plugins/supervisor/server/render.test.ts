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
