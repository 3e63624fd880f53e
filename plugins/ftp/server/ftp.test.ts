/**
 * The `ftp` module through the real portal (`startPluginPortal`) and the real private ProFTPD the local gateway starts
 * for the server: an account created through the portal logs in over explicit FTPS with the password shown once
 * (`basic-ftp`) and uploads a file that then lies in its document root in the sandbox; a wrong password, plain FTP
 * without TLS and an expired account are refused; the quota stops an upload; values refused with nothing stored; a
 * configuration ProFTPD refuses is never taken; undo; the authorization of every operation.
 */
import { describeAccessMatrix, letOthersTraverse, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { ftpSession } from './ftps.testing.ts';
import { dayOf } from './rules.ts';
import { passwdPath, portalConfPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  // Long sessions: the expiry test moves the portal's clock by days.
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '10000' } });
  // ProFTPD checks the chroot as the account (www-data): it must pass every directory above the document root.
  await letOthersTraverse(t.portal.managed.gateway(t.server.id).hostPath('/var/www'));
}, 120_000);
afterAll(() => t?.stop());

describeAccessMatrix(() => t, {
  createFtpUser: { body: { login: 'matrix', documentRoot: 'matrix', quotaMb: 0, expiresOn: '' } },
  updateFtpUser: { body: { login: 'matrix', documentRoot: 'matrix', quotaMb: 0, expiresOn: '' } },
});

const gateway = () => t.portal.managed.gateway(t.server.id);
const port = async () => (await gateway().listenAddress('proftpd', 21)).port;
const succeeded = async (r: { status: number; body: { id: number } }) => {
  expect(r.status).toBe(202);
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
};

it('R6.004 ftp: an account created through the portal logs in over FTPS and uploads into its document root; wrong password and plain FTP refused', async () => {
  const created = await t.api.call('createFtpUser', { body: { login: 'uploader', documentRoot: 'ftp-test/public', quotaMb: 0, expiresOn: '' } });
  expect(created.status).toBe(202);
  const { password, job, user } = created.body;
  expect(password).toHaveLength(32);
  const done = await t.waitForJob(job.id);
  expect(done).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'proftpd' } });
  // Applied with progress: written, checked by `proftpd -t`, reloaded (the private daemon started).
  expect(done.log.map((l) => l.step)).toEqual(expect.arrayContaining(['writing', 'validating', 'reloading', 'done']));
  // Only the SHA-512-crypt hash is stored and written; the password is never shown again.
  const passwd = (await t.file(passwdPath))!;
  expect(passwd).toMatch(/^uploader:\$6\$[^:]+:33:33::\S+\/var\/www\/ftp-test\/public:\/usr\/sbin\/nologin$/m);
  expect(passwd).not.toContain(password);
  expect(JSON.stringify((await t.api.call('listFtpUsers')).body)).not.toContain(password);
  expect(JSON.stringify(await t.changes())).not.toContain(password);
  expect(JSON.stringify((await t.api.call('getFtpFiles')).body)).not.toContain('uploader:$6$');
  expect(await t.file(portalConfPath)).toMatch(/\nTLSRequired on\n[\s\S]*\nDefaultRoot ~\n|\nDefaultRoot ~\n[\s\S]*\nTLSRequired on\n/);

  const p = await port();
  const session = await ftpSession({ port: p, user: 'uploader', password, upload: ['hello.txt', 'uploaded over FTPS\n'] });
  // Chrooted: the document root is "/" for the account.
  expect(session).toEqual({ ok: true, pwd: '/', listing: ['hello.txt'] });
  expect(await gateway().readFile('/var/www/ftp-test/public/hello.txt')).toBe('uploaded over FTPS\n');

  expect(await ftpSession({ port: p, user: 'uploader', password: 'wrong-password' })).toMatchObject({ ok: false, code: 530 });
  expect(await ftpSession({ port: p, user: 'uploader', password, tls: false })).toMatchObject({ ok: false, code: 550, message: expect.stringContaining('TLS required') });

  const status = await t.api.call('getFtpStatus');
  expect(status.body).toMatchObject({ state: 'running', address: `127.0.0.1:${p}` });
  expect(status.body.logins.slice(0, 2)).toEqual([
    expect.objectContaining({ login: 'uploader', outcome: 'refused', client: '127.0.0.1' }),
    expect.objectContaining({ login: 'uploader', outcome: 'accepted' }),
  ]);

  // A new password: the old one stops working.
  const renewed = await t.api.call('renewFtpUserPassword', { path: { userId: user.id } });
  await succeeded({ status: renewed.status, body: renewed.body.job });
  expect(await ftpSession({ port: p, user: 'uploader', password })).toMatchObject({ ok: false, code: 530 });
  expect(await ftpSession({ port: p, user: 'uploader', password: renewed.body.password })).toMatchObject({ ok: true });

  await succeeded(await t.api.call('deleteFtpUser', { path: { userId: user.id } }));
  expect(await ftpSession({ port: p, user: 'uploader', password: renewed.body.password })).toMatchObject({ ok: false, code: 530 });
  expect(await gateway().readFile('/var/www/ftp-test/public/hello.txt')).toBe('uploaded over FTPS\n'); // its files stay
}, 120_000);

const days = (n: number) => n * 24 * 3600_000;

it('R6.004 ftp: an account is refused after its expiry date; the quota stops an upload that would exceed it', async () => {
  const today = dayOf(t.portal.clock.now());
  const created = await t.api.call('createFtpUser', { body: { login: 'temp', documentRoot: 'ftp-temp', quotaMb: 1, expiresOn: today } });
  await succeeded({ status: created.status, body: created.body.job });
  const p = await port();
  const password = created.body.password;
  expect(await ftpSession({ port: p, user: 'temp', password, upload: ['small.txt', 'x'.repeat(1000)] })).toMatchObject({ ok: true });
  // 1 MB: the upload that would pass it is refused by mod_quotatab and its partial file removed.
  expect(await ftpSession({ port: p, user: 'temp', password, upload: ['big.bin', 'y'.repeat(1_200_000)] })).toMatchObject({ ok: false, code: 552 });
  expect(await gateway().readFile('/var/www/ftp-temp/big.bin')).toBeNull();

  // The last day still works; the day after, the next apply leaves it out and ProFTPD refuses the login.
  t.portal.clock.advance(days(1));
  expect((await t.api.call('getFtpUser', { path: { userId: created.body.user.id } })).body).toMatchObject({ expired: true });
  await succeeded(await t.api.call('applyFtp'));
  expect(await t.file(passwdPath)).not.toMatch(/^temp:/m);
  expect(await ftpSession({ port: p, user: 'temp', password })).toMatchObject({ ok: false, code: 530 });
  await succeeded(await t.api.call('deleteFtpUser', { path: { userId: created.body.user.id } }));
}, 120_000);

it('R6.004 ftp: values outside the contract and the rules are refused (422 with field errors), nothing is stored; undo', async () => {
  const yesterday = dayOf(new Date(t.portal.clock.now().getTime() - days(1)));
  const before = (await t.api.call('listFtpUsers')).body;
  const good = { login: 'valid', documentRoot: 'shop/public', quotaMb: 0, expiresOn: '' };
  for (const body of [
    { ...good, login: 'Bad Name' },
    { ...good, documentRoot: '../etc' },
    { ...good, documentRoot: 'shop\n/x' },
    { ...good, documentRoot: '/abs' },
    { ...good, quotaMb: -1 },
    { ...good, expiresOn: 'tomorrow' },
  ])
    expect((await t.api.call('createFtpUser', { body })).status).toBe(422);
  expect((await t.api.call('createFtpUser', { body: { ...good, login: 'root' } })).body).toMatchObject({ error: { fields: { login: ['ftp:errors.login_reserved'] } } });
  expect((await t.api.call('createFtpUser', { body: { ...good, login: 'shop-upload' } })).body).toMatchObject({ error: { fields: { login: ['ftp:errors.login_taken'] } } });
  expect((await t.api.call('createFtpUser', { body: { ...good, expiresOn: '2031-02-30' } })).body).toMatchObject({ error: { fields: { expiresOn: ['ftp:errors.expiresOn_invalid'] } } });
  expect((await t.api.call('createFtpUser', { body: { ...good, expiresOn: yesterday } })).body).toMatchObject({ error: { fields: { expiresOn: ['ftp:errors.expiresOn_past'] } } });
  expect((await t.api.call('listFtpUsers')).body).toEqual(before);

  // A change, then undo: the account and its line in the account file go back.
  await succeeded(await t.api.call('applyFtp'));
  const shop = before.data.find((u) => u.login === 'shop-upload')!;
  await succeeded(await t.api.call('updateFtpUser', { path: { userId: shop.id }, body: { login: 'shop-upload', documentRoot: 'shop/releases', quotaMb: 10, expiresOn: '' } }));
  expect(await t.file(passwdPath)).toMatch(/^shop-upload:.*\/var\/www\/shop\/releases:/m);
  await t.applied('POST', `${t.base()}/managed/plugins/ftp/rollback`);
  expect((await t.api.call('getFtpUser', { path: { userId: shop.id } })).body).toMatchObject({ documentRoot: 'shop/public', quotaMb: 4096 });
  expect(await t.file(passwdPath)).toMatch(/^shop-upload:.*\/var\/www\/shop\/public:/m);
}, 120_000);

it('ftp: the check of the real daemon refuses a broken configuration (proftpd -t exits 0, its output decides)', async () => {
  await succeeded(await t.api.call('applyFtp'));
  const applied = await t.file(portalConfPath);
  // The check of the real daemon: proftpd -t refuses an unknown directive (a broken file on the server's side).
  const gw = gateway();
  const broken = `${applied}NoSuchDirective on\n`;
  await gw.writeFile({ path: portalConfPath, content: broken });
  const check = await gw.service('proftpd').validate();
  expect(check).toMatchObject({ status: 'failed', tool: 'proftpd' });
  expect(check.status === 'failed' && check.output).toContain('NoSuchDirective');
  await gw.writeFile({ path: portalConfPath, content: applied! });
  expect(await gw.service('proftpd').validate()).toMatchObject({ status: 'passed' });
});
