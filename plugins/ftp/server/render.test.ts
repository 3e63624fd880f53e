import { sha512Crypt } from '@portal/plugin-sdk/server';
import { parseQuotaList } from './quota.ts';
import { renderConfig, renderFiles, renderPasswd, renderQuotaList, type RenderableUser } from './render.ts';
import { checkUser, isCalendarDay, isExpired } from './rules.ts';
import { parseLogins } from './status.ts';

const hash = sha512Crypt('secret');
const user = (over: Partial<RenderableUser> = {}): RenderableUser => ({ id: 1, login: 'agency', documentRoot: 'shop/public', quotaMb: 0, expiresOn: '', passwordHash: hash, ...over });
const env = { port: 40021, hostPath: (p: string) => `/srv/sb2${p}`, now: new Date('2030-03-02T12:00:00Z') };

describe('ftp render', () => {
  it('the configuration: its port, TLS required, only the portal accounts, chroot, quota tables, the login log — sandbox paths', () => {
    const conf = renderConfig(env);
    for (const line of ['Port 40021', 'TLSRequired on', 'AuthOrder mod_auth_file.c', 'AuthUserFile /srv/sb2/etc/proftpd/portal.passwd', 'DefaultRoot ~', 'QuotaEngine on', 'QuotaLimitTable file:/srv/sb2/var/lib/proftpd-portal/ftpquota.limittab'])
      expect(conf).toContain(`\n${line}\n`);
  });

  it('the account file: passwd lines with the hash, www-data, the document root; an account expired yesterday is left out, one expiring today stays', () => {
    const passwd = renderPasswd([user(), user({ id: 2, login: 'old', expiresOn: '2030-03-01' }), user({ id: 3, login: 'today', expiresOn: '2030-03-02' })], env);
    expect(passwd).toBe(`agency:${hash}:33:33::/srv/sb2/var/www/shop/public:/usr/sbin/nologin\ntoday:${hash}:33:33::/srv/sb2/var/www/shop/public:/usr/sbin/nologin\n`);
    const files = renderFiles([user()], env);
    expect(files.map((f) => [f.path, f.mode, !!f.secret])).toEqual([
      ['/etc/proftpd/conf.d/portal.conf', 0o644, false],
      ['/etc/proftpd/portal.passwd', 0o600, true],
      ['/etc/proftpd/portal-quota.tsv', 0o644, false],
    ]);
  });

  it('the quota list in bytes, read back by the reload step', () => {
    const list = renderQuotaList([user({ quotaMb: 2 }), user({ id: 2, login: 'free' })]);
    expect(list).toBe('agency\t2097152\n');
    expect(parseQuotaList(`${list}garbage line\n`)).toEqual([{ login: 'agency', bytes: 2097152 }]);
  });

  it('refuses anything that would add a line or a field, whatever was stored', () => {
    for (const bad of [user({ login: 'a\nroot' }), user({ documentRoot: 'x:y' }), user({ documentRoot: 'a/../../etc' }), user({ passwordHash: 'plain' }), user({ passwordHash: `${hash}\nroot::0:0` })])
      expect(() => renderPasswd([bad], env)).toThrow('value not allowed');
  });
});

describe('ftp rules', () => {
  const now = new Date('2030-03-02T12:00:00Z');
  const input = { login: 'new', documentRoot: 'shop', quotaMb: 0, expiresOn: '' };
  it('reserved and taken logins, calendar days, past dates (an unchanged past date of an existing account may stay)', () => {
    expect(checkUser({ ...input, login: 'root' }, [], now)).toEqual({ login: ['ftp:errors.login_reserved'] });
    expect(checkUser(input, [{ id: 1, login: 'new', expiresOn: '' }], now)).toEqual({ login: ['ftp:errors.login_taken'] });
    expect(checkUser(input, [{ id: 1, login: 'new', expiresOn: '' }], now, 1)).toBeUndefined();
    expect(checkUser({ ...input, expiresOn: '2030-02-30' }, [], now)).toEqual({ expiresOn: ['ftp:errors.expiresOn_invalid'] });
    expect(checkUser({ ...input, expiresOn: '2030-03-01' }, [], now)).toEqual({ expiresOn: ['ftp:errors.expiresOn_past'] });
    expect(checkUser({ ...input, expiresOn: '2030-03-01' }, [{ id: 1, login: 'new', expiresOn: '2030-03-01' }], now, 1)).toBeUndefined();
    expect([isCalendarDay('2032-02-29'), isCalendarDay('2030-13-01'), isExpired('2030-03-02', now), isExpired('2030-03-01', now), isExpired('', now)]).toEqual([true, false, false, true, false]);
  });
});

it('ftp status: the PASS lines of the login log, newest first', () => {
  const lines = ['2026-11-28 19:25:27,416 127.0.0.1 uploader USER 331', '2026-11-28 19:25:27,420 127.0.0.1 uploader PASS 230', '2026-11-28 19:25:29,001 203.0.113.7 uploader PASS 530'];
  expect(parseLogins(lines)).toEqual([
    { at: '2026-11-28 19:25:29,001', client: '203.0.113.7', login: 'uploader', outcome: 'refused' },
    { at: '2026-11-28 19:25:27,420', client: '127.0.0.1', login: 'uploader', outcome: 'accepted' },
  ]);
});
