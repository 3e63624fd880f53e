/**
 * The mysql module's pure parts (render, the check's reading of `mariadbd --help --verbose`, the password hashes,
 * the slow-log parser) and the check itself with the real `mariadbd` on a sandbox (LocalGateway, no instance started).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { LocalGateway } from '@portal/plugin-sdk/testing';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { fingerprint, parseSlowLog } from './instance.ts';
import { generatePassword, passwordHash } from './passwords.ts';
import { accountsPath, checkConfig, configPath, differences, effectiveValues, mysqlProgram, render } from './program.ts';

const defaults = defaultsOf(config);
const at = (root: string) => ({ hostPath: (p: string) => `${root}${p}`, prepared: { port: 13306 } });

describe('mysql render', () => {
  it('R2.024 renders every setting as a mariadbd option, the slow log inside the server (sandbox), the prepared port', () => {
    const [cnf, accounts] = render({ ...defaults, innodbBufferPoolMb: 512, longQueryTimeSeconds: 1.5, slowQueryLog: false }, at('/srv/sb'));
    expect(cnf).toMatchObject({ path: configPath, mode: 0o644 });
    expect(cnf!.content.split('\n')).toEqual(
      expect.arrayContaining([
        '[mariadbd]',
        'port = 13306',
        'plugin_load_add = auth_ed25519',
        'slow_query_log_file = /srv/sb/var/log/mysql/mariadb-slow.log',
        'innodb_buffer_pool_size = 536870912',
        'max_connections = 151',
        'long_query_time = 1.5',
        'slow_query_log = 0',
        'character_set_server = utf8mb4',
      ]),
    );
    // The accounts file holds hashes only and is a secret file (never shown in a diff).
    expect(accounts).toMatchObject({ path: accountsPath, mode: 0o600, secret: true });
    expect(JSON.parse(accounts!.content)).toEqual({ databases: [], users: [] });
  });

  it('reads the values mariadbd would use and names those it would not use as written', () => {
    const help = 'Variables (--variable-name=value)\nand boolean options {FALSE|TRUE}  Value (after reading options)\n--------------------------------------------------------- ----------\nmax-connections                                  151\nlong-query-time                                  2\ninnodb-buffer-pool-size                          134217728\nmax-allowed-packet                               8388608\n';
    expect(effectiveValues(help).get('max-connections')).toBe('151');
    expect(differences(defaults, effectiveValues(help))).toEqual([['max_allowed_packet', String(16 * 1024 * 1024), '8388608']]);
  });
});

describe('mysql passwords', () => {
  it('generates 32-character passwords and the hashes MariaDB stores for them', () => {
    const pw = generatePassword();
    expect(pw).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generatePassword()).not.toBe(pw);
    // mysql_native_password: PASSWORD('x') of MariaDB.
    expect(passwordHash('S3cret-pw', 'mysql_native_password')).toBe(`*${crypto.createHash('sha1').update(crypto.createHash('sha1').update('S3cret-pw').digest()).digest('hex').toUpperCase()}`);
    // ed25519: 43 base64 characters without padding (the public key); checked against the real server in mysql.test.ts.
    expect(passwordHash(pw, 'ed25519')).toMatch(/^[A-Za-z0-9+/]{43}$/);
  });
});

describe('mysql slow log', () => {
  it('groups statements by shape, slowest first', () => {
    const log = [
      '# Time: 261128 11:35:12',
      '# User@Host: shop[shop] @ localhost []',
      '# Query_time: 2.500000  Lock_time: 0.000100 Rows_sent: 1  Rows_examined: 50000',
      'SET timestamp=1795865712;',
      "SELECT * FROM orders WHERE customer = 'x' AND id > 17;",
      '# Time: 261128 11:36:00',
      '# Query_time: 4.000000  Lock_time: 0.000100 Rows_sent: 1  Rows_examined: 90000',
      'SET timestamp=1795865760;',
      "SELECT * FROM orders WHERE customer = 'y' AND id > 3;",
      '# Query_time: 1.000000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 10',
      'SELECT SLEEP(1);',
    ];
    expect(parseSlowLog(log, 10)).toEqual([
      { statement: 'SELECT * FROM orders WHERE customer = ? AND id > ?', count: 2, maxSeconds: 4, totalSeconds: 6.5, rowsExamined: 90000, lastAt: '2026-11-28T11:36:00Z' },
      { statement: 'SELECT SLEEP(?)', count: 1, maxSeconds: 1, totalSeconds: 1, rowsExamined: 10, lastAt: '2026-11-28T11:36:00Z' },
    ]);
    expect(fingerprint("a  'b' 12")).toBe('a ? ?');
  });
});

describe('mysql check (the real mariadbd reads the options)', () => {
  let dir: string;
  let gw: LocalGateway;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mysql-check-'));
    gw = new LocalGateway({ baseDir: dir, serverId: 1, programs: [mysqlProgram] });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes the rendered file and refuses an unknown option or a value mariadbd cannot read', async () => {
    for (const f of render(defaults, { hostPath: (p) => gw.hostPath(p), prepared: { port: 13306 } })) await gw.writeFile(f);
    // The private instance's main file and directories, as a start would write them (no instance is started).
    expect(await gw.service('mysql').validate()).toMatchObject({ status: 'passed', tool: 'mariadbd' });
    const good = (await gw.readFile(configPath))!;
    await gw.writeFile({ path: configPath, content: `${good}max_connectionz = 5\n` });
    expect(await checkConfig(gw)).toMatchObject({ status: 'failed', output: expect.stringContaining("unknown variable 'max_connectionz=5'") });
    await gw.writeFile({ path: configPath, content: good.replace('max_connections = 151', 'max_connections = many') });
    expect(await checkConfig(gw)).toMatchObject({ status: 'failed', output: expect.stringContaining('max_connections') });
  });
});
