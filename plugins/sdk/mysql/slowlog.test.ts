/** The slow-log parser shared by the mysql module and shop-performance. */
import { fingerprint, slowLogEntries, slowLogSettings } from './index.ts';

describe('MariaDB slow log (SDK)', () => {
  it('takes each entry’s time from its SET timestamp, folds IN lists, and leaves out the header and use lines', () => {
    const lines = [
      '/usr/sbin/mariadbd, Version: 10.11.14-MariaDB-0+deb12u2-log (Debian 12). started with:',
      'Tcp port: 13306  Unix socket: /run/mysqld/mysqld.sock',
      'Time                Id Command  Argument',
      '# Time: 261122  7:59:01',
      '# Query_time: 2.500000  Lock_time: 0.000041  Rows_sent: 1  Rows_examined: 182000',
      'use shop;',
      'SET timestamp=1795852741;',
      'SELECT * FROM t WHERE id IN (1, 2,3)',
      '  AND name = "x";',
      '# Query_time: 0.700000  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 3',
      'SET timestamp=1795852742;',
      'SELECT SLEEP(0.7);',
    ];
    expect(slowLogEntries(lines)).toEqual([
      { at: '2026-11-28T07:59:01Z', seconds: 2.5, rowsExamined: 182000, digest: 'SELECT * FROM t WHERE id IN (?) AND name = ?' },
      { at: '2026-11-28T07:59:02Z', seconds: 0.7, rowsExamined: 3, digest: 'SELECT SLEEP(?)' },
    ]);
    expect(fingerprint("WHERE a in ('x', 'y')")).toBe('WHERE a IN (?)');
  });

  it('reads on/off and the threshold from the mysql module’s options file; no file is null', () => {
    expect(slowLogSettings('[mariadbd]\nslow_query_log = 1\nlong_query_time = 0.5\n')).toEqual({ on: true, thresholdSeconds: 0.5 });
    expect(slowLogSettings('[mariadbd]\nslow_query_log = 0\n')).toEqual({ on: false, thresholdSeconds: null });
    expect(slowLogSettings(null)).toBeNull();
  });
});
