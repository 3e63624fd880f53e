import { sha512Crypt } from '@portal/plugin-sdk/server';
import { dkimRecord, generateDkimKey, splitTxt, zoneLine } from './dkim.ts';
import { renderFiles, renderMaps, renderPasswd, type MailState } from './render.ts';
import { checkAlias, checkDomain, checkDomainDelete, checkMailbox } from './rules.ts';

const key = generateDkimKey();
const hash = sha512Crypt('secret');
const domain = (over = {}) => ({ id: 1, name: 'shop.example', dkimSelector: 'mail', dkimPrivateKey: key.privateKey, senderBcc: '', recipientBcc: '', ...over });
const mailbox = (over = {}) => ({ id: 1, domainId: 1, localPart: 'anna', quotaMb: 0, senderBcc: '', recipientBcc: '', passwordHash: hash, ...over });
const state = (over: Partial<MailState> = {}): MailState => ({ domains: [domain()], mailboxes: [mailbox()], aliases: [], ...over });

describe('email DKIM', () => {
  it('R2.028 a 2048-bit key; the TXT value split into strings of at most 255 bytes that join to the value', () => {
    const r = dkimRecord('shop.example', 'mail', key.publicKey);
    expect(r.name).toBe('mail._domainkey.shop.example');
    expect(r.value.length).toBeGreaterThan(255);
    expect(r.strings.length).toBe(2);
    expect(r.strings.every((s) => Buffer.byteLength(s) <= 255)).toBe(true);
    expect(r.strings.join('')).toBe(r.value);
    expect(zoneLine(r)).toMatch(/^mail\._domainkey\.shop\.example\. 3600 IN TXT \( "v=DKIM1; k=rsa; p=[^"]{200,}" "[^"]+" \)$/);
    expect(splitTxt('x'.repeat(510))).toEqual(['x'.repeat(255), 'x'.repeat(255)]);
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(290); // SPKI of RSA 2048
  });
});

describe('email render', () => {
  it('R2.028 the five tables: domains, mailboxes with their Maildir, aliases, catch-all with the mailboxes kept, BCC per mailbox and per domain', () => {
    const maps = renderMaps(
      state({
        domains: [domain({ senderBcc: 'out@archive.example' }), domain({ id: 2, name: 'b.example', recipientBcc: 'in@archive.example' })],
        mailboxes: [mailbox({ senderBcc: 'anna-out@archive.example' }), mailbox({ id: 2, domainId: 2, localPart: 'bob' })],
        aliases: [
          { id: 1, domainId: 1, localPart: 'info', destinations: 'anna@shop.example, x@y.example' },
          { id: 2, domainId: 2, localPart: '', destinations: 'bob@b.example' },
        ],
      }),
    );
    expect(maps.virtual_mailbox_domains).toBe('b.example OK\nshop.example OK\n');
    expect(maps.virtual_mailbox_maps).toBe('anna@shop.example shop.example/anna/\nbob@b.example b.example/bob/\n');
    // Only the domain with a catch-all repeats its mailboxes (else the catch-all would take their mail).
    expect(maps.virtual_alias_maps).toBe('@b.example bob@b.example\nbob@b.example bob@b.example\ninfo@shop.example anna@shop.example,x@y.example\n');
    expect(maps.sender_bcc_maps).toBe('@shop.example out@archive.example\nanna@shop.example anna-out@archive.example\n');
    expect(maps.recipient_bcc_maps).toBe('@b.example in@archive.example\n');
  });

  it('R2.028 the Dovecot passwd-file with the SHA512-CRYPT hash and the quota; files, modes and secrets', () => {
    expect(renderPasswd(state({ mailboxes: [mailbox({ quotaMb: 512 })] }))).toBe(`anna@shop.example:{SHA512-CRYPT}${hash}::::::userdb_quota_rule=*:storage=512M\n`);
    const files = renderFiles(state(), { hostPath: (p) => `/srv/sb${p}` });
    expect(files.map((f) => [f.path, f.mode, !!f.secret])).toEqual([
      ['/etc/postfix/portal/virtual_mailbox_domains', 0o644, false],
      ['/etc/postfix/portal/virtual_mailbox_maps', 0o644, false],
      ['/etc/postfix/portal/virtual_alias_maps', 0o644, false],
      ['/etc/postfix/portal/sender_bcc_maps', 0o644, false],
      ['/etc/postfix/portal/recipient_bcc_maps', 0o644, false],
      ['/etc/dovecot/portal/passwd', 0o640, true],
      ['/etc/dovecot/conf.d/90-portal-mail.conf', 0o644, false],
      ['/etc/dkimkeys/portal/shop.example.mail.private', 0o600, true],
    ]);
    expect(files.find((f) => f.path.endsWith('90-portal-mail.conf'))!.content).toContain('args = scheme=SHA512-CRYPT username_format=%u /srv/sb/etc/dovecot/portal/passwd\n');
  });

  it('refuses anything that would add a line or a field, whatever was stored', () => {
    for (const bad of [
      state({ mailboxes: [mailbox({ localPart: 'a\nroot' })] }),
      state({ mailboxes: [mailbox({ passwordHash: 'plain' })] }),
      state({ mailboxes: [mailbox({ senderBcc: 'a@b.example x' })] }),
      state({ domains: [domain({ name: 'shop.example\nrelay.example' })] }),
      state({ aliases: [{ id: 1, domainId: 1, localPart: 'x', destinations: 'a@b.example\nevil' }] }),
    ])
      expect(() => renderMaps(bad)).toThrow('value not allowed');
  });
});

describe('email rules', () => {
  const t = { domains: [{ id: 1, name: 'shop.example' }], mailboxes: [{ id: 1, domainId: 1, localPart: 'anna' }], aliases: [{ id: 1, domainId: 1, localPart: 'info' }] };
  const mb = { domainId: 1, localPart: 'bob', senderBcc: '', recipientBcc: '' };
  it('R2.028 unique addresses across mailboxes and aliases, known domains, fixed names, no BCC or alias loops', () => {
    expect(checkDomain({ name: 'shop.example', senderBcc: '', recipientBcc: '' }, t.domains)).toEqual({ name: ['email:errors.name_taken'] });
    expect(checkDomain({ name: 'other.example', senderBcc: '', recipientBcc: '' }, t.domains, 1)).toEqual({ name: ['email:errors.name_fixed'] });
    expect(checkDomainDelete(1, t.mailboxes, [])).toEqual({ _: ['email:errors.domain_in_use'] });
    expect(checkMailbox(mb, t)).toBeUndefined();
    expect(checkMailbox({ ...mb, localPart: 'info' }, t)).toEqual({ localPart: ['email:errors.address_taken'] });
    expect(checkMailbox({ ...mb, domainId: 9 }, t)).toEqual({ domainId: ['email:errors.domain_unknown'] });
    expect(checkMailbox({ ...mb, localPart: 'anna', domainId: 1 }, t, 1)).toBeUndefined();
    expect(checkMailbox({ ...mb, localPart: 'anne' }, t, 1)).toEqual({ localPart: ['email:errors.localPart_fixed'] });
    expect(checkMailbox({ ...mb, recipientBcc: 'bob@shop.example' }, t)).toEqual({ recipientBcc: ['email:errors.bcc_self'] });
    expect(checkAlias({ domainId: 1, localPart: '', destinations: 'anna@shop.example' }, t)).toBeUndefined();
    expect(checkAlias({ domainId: 1, localPart: 'anna', destinations: 'x@y.example' }, t)).toEqual({ localPart: ['email:errors.address_taken'] });
    expect(checkAlias({ domainId: 1, localPart: 'loop', destinations: 'loop@shop.example' }, t)).toEqual({ destinations: ['email:errors.destinations_self'] });
    expect(checkAlias({ domainId: 1, localPart: 'x', destinations: 'a@b.example, nope' }, t)).toEqual({ destinations: ['email:errors.destinations_format'] });
  });
});
