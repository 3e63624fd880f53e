/**
 * The `email` module through the real portal (`startPluginPortal`) and the real private Postfix the local gateway
 * starts for the server: a mailbox created through the portal is accepted by Postfix over SMTP (250, `node:net`), an
 * unknown address of the domain refused at RCPT (550), an alias and the catch-all accepted; the tables and the
 * passwd-file as written; BCC per domain and per mailbox in Postfix's tables; values refused with nothing stored; a
 * table Postfix refuses never taken; undo; the authorization of every operation.
 */
import { describeAccessMatrix, letOthersTraverse, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { dovecotPasswdPath, mapPath } from './program.ts';
import { sendMail } from './smtp.testing.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
  // Postfix's daemons run as `postfix` and need to pass the 0700 temporary directories to their data directory.
  await letOthersTraverse(t.portal.managed.gateway(t.server.id).hostPath('/var/lib'));
}, 120_000);
afterAll(() => t?.stop());

const domainBody = { name: 'matrix.example', dkimSelector: 'mail', senderBcc: '', recipientBcc: '' };
describeAccessMatrix(() => t, {
  createMailDomain: { body: domainBody },
  updateMailDomain: { body: domainBody },
  createMailbox: { body: { domainId: 1, localPart: 'matrix', quotaMb: 0, senderBcc: '', recipientBcc: '' } },
  updateMailbox: { body: { domainId: 1, localPart: 'matrix', quotaMb: 0, senderBcc: '', recipientBcc: '' } },
  createMailAlias: { body: { domainId: 1, localPart: 'matrix', destinations: 'a@b.example' } },
  updateMailAlias: { body: { domainId: 1, localPart: 'matrix', destinations: 'a@b.example' } },
});

const gateway = () => t.portal.managed.gateway(t.server.id);
const port = async () => (await gateway().listenAddress('postfix', 25)).port;
const succeeded = async (r: { status: number; body: { id: number } }) => {
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  if (job.status !== 'succeeded') console.log(JSON.stringify(job.validation), await gateway().readFile('/var/log/postfix-portal/mail.log'));
  expect(job).toMatchObject({ status: 'succeeded' });
  return job;
};
const send = async (to: string) => {
  try {
    return await sendMail({ port: await port(), from: 'sender@outside.example', to });
  } catch (e) {
    console.log(await gateway().readFile('/var/log/postfix-portal/mail.log'));
    throw e;
  }
};

it('R2.028 email: a domain with its DKIM record, a mailbox accepted by the private Postfix over SMTP (250), an unknown address refused (550)', async () => {
  const domain = await t.api.call('createMailDomain', { body: { name: 'mail-test.example', dkimSelector: 'portal1', senderBcc: '', recipientBcc: '' } });
  const applied = await succeeded(domain);
  // Applied with progress: written, checked by postmap/postfix check/doveconf on staged copies, reloaded (the private Postfix started).
  expect(applied).toMatchObject({ validation: { status: 'passed', tool: 'postfix' } });
  expect(applied.log.map((l) => l.step)).toEqual(expect.arrayContaining(['writing', 'validating', 'reloading', 'done']));
  const d = (await t.api.call('listMailDomains')).body.data.find((x) => x.name === 'mail-test.example')!;
  expect(d.dkim.name).toBe('portal1._domainkey.mail-test.example');
  expect(d.dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
  expect(d.dkim.strings.join('')).toBe(d.dkim.value);
  expect(d.dkim.strings.every((s) => Buffer.byteLength(s) <= 255)).toBe(true);
  expect(JSON.stringify(d)).not.toContain('PRIVATE KEY');

  const created = await t.api.call('createMailbox', { body: { domainId: d.id, localPart: 'anna', quotaMb: 100, senderBcc: '', recipientBcc: '' } });
  expect(created.status).toBe(202);
  const { password, job, mailbox } = created.body;
  expect(password).toHaveLength(32);
  expect(mailbox.address).toBe('anna@mail-test.example');
  await succeeded({ status: 202, body: job });
  expect(await t.file(mapPath('virtual_mailbox_maps'))).toContain('anna@mail-test.example mail-test.example/anna/\n');
  const passwd = (await t.file(dovecotPasswdPath))!;
  expect(passwd).toMatch(/^anna@mail-test\.example:\{SHA512-CRYPT\}\$6\$[^:]+::::::userdb_quota_rule=\*:storage=100M$/m);
  expect(passwd).not.toContain(password);
  expect(JSON.stringify(await t.changes())).not.toContain(password);

  expect(await send('anna@mail-test.example')).toMatchObject({ rcpt: 250, data: 250 });
  const unknown = await send('nobody@mail-test.example');
  expect(unknown.rcpt).toBe(550);
  expect(unknown.rcptText).toContain('User unknown');
  // Not one of the server's domains: Postfix relays for no one.
  expect((await send('anna@elsewhere.example')).rcpt).toBeGreaterThanOrEqual(450);

  // An alias and the catch-all: accepted; the mailbox still its own (not swallowed by the catch-all).
  await succeeded(await t.api.call('createMailAlias', { body: { domainId: d.id, localPart: 'info', destinations: 'anna@mail-test.example' } }));
  expect((await send('info@mail-test.example')).rcpt).toBe(250);
  await succeeded(await t.api.call('createMailAlias', { body: { domainId: d.id, localPart: '', destinations: 'anna@mail-test.example, archive@outside.example' } }));
  expect(await t.file(mapPath('virtual_alias_maps'))).toContain('@mail-test.example anna@mail-test.example,archive@outside.example\nanna@mail-test.example anna@mail-test.example\n');
  expect((await send('anything@mail-test.example')).rcpt).toBe(250);

  // Deleting the mailbox: mail to it is caught by the catch-all now; without the catch-all refused.
  await succeeded(await t.api.call('deleteMailbox', { path: { mailboxId: mailbox.id } }));
  expect(await t.file(mapPath('virtual_mailbox_maps'))).not.toContain('anna@');
}, 180_000);

it('R2.028 email: sender and recipient BCC per domain and per mailbox end up in Postfix\'s tables; a mailbox\'s takes the place of its domain\'s', async () => {
  const r = await t.api.call('createMailDomain', { body: { name: 'bcc.example', dkimSelector: 'mail', senderBcc: 'out-archive@bcc.example', recipientBcc: 'in-archive@bcc.example' } });
  await succeeded(r);
  const d = (await t.api.call('listMailDomains')).body.data.find((x) => x.name === 'bcc.example')!;
  const m = await t.api.call('createMailbox', { body: { domainId: d.id, localPart: 'boss', quotaMb: 0, senderBcc: 'boss-sent@archive.example', recipientBcc: '' } });
  await succeeded({ status: m.status, body: m.body.job });
  expect(await t.file(mapPath('sender_bcc_maps'))).toContain('@bcc.example out-archive@bcc.example\nboss@bcc.example boss-sent@archive.example\n');
  expect(await t.file(mapPath('recipient_bcc_maps'))).toContain('@bcc.example in-archive@bcc.example\n');
  // Edited: the mailbox's recipient BCC, the domain's sender BCC removed.
  await succeeded(await t.api.call('updateMailbox', { path: { mailboxId: m.body.mailbox.id }, body: { domainId: d.id, localPart: 'boss', quotaMb: 0, senderBcc: '', recipientBcc: 'boss-in@archive.example' } }));
  await succeeded(await t.api.call('updateMailDomain', { path: { domainId: d.id }, body: { name: 'bcc.example', dkimSelector: 'mail', senderBcc: '', recipientBcc: 'in-archive@bcc.example' } }));
  expect(await t.file(mapPath('sender_bcc_maps'))).not.toContain('bcc.example');
  expect(await t.file(mapPath('recipient_bcc_maps'))).toContain('boss@bcc.example boss-in@archive.example\n');
  // The private Postfix took the tables: the mailbox is accepted.
  expect((await send('boss@bcc.example')).rcpt).toBe(250);
}, 180_000);

it('R2.028 email: values outside the contract and the rules are refused (422 with field errors), nothing is stored; undo', async () => {
  const lists = async () => [(await t.api.call('listMailDomains')).body, (await t.api.call('listMailboxes')).body, (await t.api.call('listMailAliases')).body] as const;
  const before = await lists();
  const shop = before[0].data.find((x) => x.name === 'shop.example')!;
  for (const body of [
    { ...domainBody, name: 'Not A Domain' },
    { ...domainBody, name: 'x.example\nrelay' },
    { ...domainBody, dkimSelector: 'bad selector' },
    { ...domainBody, senderBcc: 'no-at-sign' },
  ])
    expect((await t.api.call('createMailDomain', { body })).status).toBe(422);
  expect((await t.api.call('createMailDomain', { body: { ...domainBody, name: 'shop.example' } })).body).toMatchObject({ error: { fields: { name: ['email:errors.name_taken'] } } });
  const mb = { domainId: shop.id, localPart: 'new', quotaMb: 0, senderBcc: '', recipientBcc: '' };
  for (const body of [{ ...mb, localPart: 'Bad Name' }, { ...mb, localPart: '.dot' }, { ...mb, quotaMb: -1 }, { ...mb, recipientBcc: 'a b@c.example' }])
    expect((await t.api.call('createMailbox', { body })).status).toBe(422);
  expect((await t.api.call('createMailbox', { body: { ...mb, localPart: 'info' } })).body).toMatchObject({ error: { fields: { localPart: ['email:errors.address_taken'] } } });
  expect((await t.api.call('createMailbox', { body: { ...mb, localPart: 'sales' } })).body).toMatchObject({ error: { fields: { localPart: ['email:errors.address_taken'] } } });
  expect((await t.api.call('createMailbox', { body: { ...mb, domainId: 999999 } })).body).toMatchObject({ error: { fields: { domainId: ['email:errors.domain_unknown'] } } });
  expect((await t.api.call('createMailbox', { body: { ...mb, senderBcc: 'new@shop.example' } })).body).toMatchObject({ error: { fields: { senderBcc: ['email:errors.bcc_self'] } } });
  expect((await t.api.call('createMailAlias', { body: { domainId: shop.id, localPart: 'loop', destinations: 'loop@shop.example' } })).body).toMatchObject({ error: { fields: { destinations: ['email:errors.destinations_self'] } } });
  expect((await t.api.call('createMailAlias', { body: { domainId: shop.id, localPart: 'x', destinations: 'not-an-address' } })).status).toBe(422);
  expect((await t.api.call('deleteMailDomain', { path: { domainId: shop.id } })).body).toMatchObject({ error: { fields: { _: ['email:errors.domain_in_use'] } } });
  expect(await lists()).toEqual(before);

  // A change, then undo: the alias and its line in the table go back.
  await succeeded(await t.api.call('applyEmail'));
  const sales = before[2].data.find((a) => a.localPart === 'sales')!;
  await succeeded(await t.api.call('updateMailAlias', { path: { aliasId: sales.id }, body: { domainId: shop.id, localPart: 'sales', destinations: 'info@shop.example' } }));
  expect(await t.file(mapPath('virtual_alias_maps'))).toContain('sales@shop.example info@shop.example\n');
  await t.applied('POST', `${t.base()}/managed/plugins/email/rollback`);
  expect((await t.api.call('getMailAlias', { path: { aliasId: sales.id } })).body).toMatchObject({ destinations: 'orders@shop.example' });
  expect(await t.file(mapPath('virtual_alias_maps'))).toContain('sales@shop.example orders@shop.example\n');
}, 180_000);

it('email: the real programs refuse a broken table or Dovecot file (postmap, doveconf); the live table stays', async () => {
  await succeeded(await t.api.call('applyEmail'));
  const gw = gateway();
  const live = (await t.file(mapPath('virtual_alias_maps')))!;
  const files = (await t.api.call('getEmailFiles')).body.files.map((f) => ({ path: f.path, content: f.content ?? '' }));
  const withAlias = files.map((f) => (f.path === mapPath('virtual_alias_maps') ? { ...f, content: 'a-key-without-a-value\n' } : f));
  const refused = await gw.service('postfix').validate(withAlias);
  expect(refused).toMatchObject({ status: 'failed', tool: 'postmap' });
  const dovecot = files.map((f) => (f.path.endsWith('90-portal-mail.conf') ? { ...f, content: 'passdb {\n  driverx = y }\n' } : f));
  expect(await gw.service('postfix').validate(dovecot)).toMatchObject({ status: 'failed', tool: 'doveconf' });
  expect(await t.file(mapPath('virtual_alias_maps'))).toBe(live);
});
