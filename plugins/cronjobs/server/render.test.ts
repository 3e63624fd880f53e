import { renderCronFile, renderLine } from './render.ts';

const job = (over: Partial<Parameters<typeof renderLine>[0]> = {}) => ({ id: 1, schedule: '*/5 * * * *', command: 'php artisan schedule:run', user: 'www-data', enabled: true, ...over });

describe('cron.d renderer', () => {
  it('R2.029 renders /etc/cron.d/portal: header, one commented block per job, disabled jobs commented out, trailing newline', () => {
    const file = renderCronFile([
      job({ id: 7, schedule: '0 3 * * MON-FRI', command: 'find /var/log/app -mtime +14 -delete', user: 'deploy' }),
      job({ id: 2, schedule: '@daily', command: 'date +%F > /tmp/today' }),
      job({ id: 9, enabled: false, command: 'php bin/console cache:warmup' }),
    ]);
    expect(file).toBe(
      [
        '# Managed by the customer portal (Managed Center → Cron jobs). Changes made here are overwritten.',
        'SHELL=/bin/sh',
        'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '',
        '# job 2',
        '@daily www-data date +\\%F > /tmp/today',
        '',
        '# job 7',
        '0 3 * * 1-5 deploy find /var/log/app -mtime +14 -delete',
        '',
        '# job 9 (disabled)',
        '#disabled# */5 * * * * www-data php bin/console cache:warmup',
        '',
      ].join('\n'),
    );
  });

  it('an empty set is just the header', () => {
    expect(renderCronFile([]).split('\n')).toHaveLength(4);
  });

  it('shell syntax stays inside the command; the line keeps its six fields', () => {
    expect(renderLine(job({ command: 'echo "$HOME"; ls {a,b} # not a cron comment' }))).toBe('*/5 * * * * www-data echo "$HOME"; ls {a,b} # not a cron comment');
  });

  it.each([
    [{ command: 'id\n* * * * * root rm -rf /' }],
    [{ command: 'id\r\n@reboot root id' }],
    [{ command: 'date +\\%F' }],
    [{ schedule: '* * * * *\n* * * * * root id' }],
    [{ schedule: '* * * * * root' }],
    [{ schedule: '* * * * ${X}' }],
    [{ user: 'root' }],
    [{ user: 'www-data root' }],
  ])('refuses to write a job that would change the file structure: %j', (over) => {
    expect(() => renderLine(job(over))).toThrow();
    expect(() => renderCronFile([job(over)])).toThrow();
  });
});
