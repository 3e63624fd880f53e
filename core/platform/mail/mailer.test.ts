import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../logger.ts';
import { createMailer } from './mailer.ts';
import { renderMail, type MailTemplate } from './templates.ts';

const templates: MailTemplate[] = [
  { kind: 'emailVerificationCode', code: '493817', validMinutes: 30 },
  { kind: 'emailChangeCode', code: '493817', newEmail: 'new@example.com', validMinutes: 30 },
  { kind: 'passwordReset', link: 'http://localhost:3000/a/password/reset/abcDEF123', validMinutes: 60 },
  { kind: 'twoFactorEnabled' },
  { kind: 'twoFactorDisabled' },
  { kind: 'newLogin', at: new Date('2026-11-22T10:00:00Z'), ip: '203.0.113.9', userAgent: 'Firefox' },
  { kind: 'accountLocked', minutes: 60, forgotLink: 'http://localhost:3000/a/password/forgot' },
];

describe('mail templates', () => {
  it.each(templates.map((t) => [t.kind, t] as const))('R4.020 %s has a subject, text and HTML in German and English', (_kind, t) => {
    const de = renderMail(t, { email: 'a@example.com', language: 'de', firstname: 'Erika', surname: 'Muster' });
    const en = renderMail(t, { email: 'a@example.com', language: 'en', firstname: 'Erika', surname: 'Muster' });
    expect(de.subject).not.toBe(en.subject);
    expect(de.text).toContain('Guten Tag Erika Muster,');
    expect(en.text).toContain('Hello Erika Muster,');
    expect(de.html).toContain('<html lang="de">');
    expect(en.html).toContain('<html lang="en">');
    if ('code' in t) expect([de.text, en.text, de.html, en.html].every((s) => s.includes(t.code))).toBe(true);
    if ('link' in t) expect(en.html).toContain(`href="${t.link}"`);
  });

  it('R3.038 the invitation of a manager says "Manager", as the interface does (not "Verwalter")', () => {
    const invite = { kind: 'invitation', role: 'manager', target: '10001 Müller & Schmidt Online GmbH', invitedBy: 'Erika Muster', link: 'http://localhost:3000/a/invitation/x', validDays: 7 } as const;
    const de = renderMail(invite, { email: 'a@example.com', language: 'de' });
    expect(de.subject).toBe('Einladung als Manager im Kundenportal');
    expect(renderMail(invite, { email: 'a@example.com', language: 'en' }).subject).toBe('Invitation as a manager in the customer portal');
    // No mail uses the word the interface does not know.
    expect(fs.readFileSync(new URL('./templates.ts', import.meta.url), 'utf8')).not.toMatch(/Verwalter/);
  });

  it('escapes what the user controls in HTML', () => {
    const m = renderMail({ kind: 'twoFactorEnabled' }, { email: 'a@example.com', language: 'en', firstname: '<script>', surname: '"x"' });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
  });
});

describe('file mailer (no SMTP_URL)', () => {
  it('R4.020 writes each message as an .eml file and logs the subject but never the code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mail-'));
    const lines: string[] = [];
    const logger = createLogger({ destination: new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) }) });
    const mailer = createMailer({ mailDir: dir, from: 'Portal <no-reply@example.com>', logger });
    await mailer.send({ email: 'erika@example.com', language: 'en' }, { kind: 'emailVerificationCode', code: '918273', validMinutes: 30 });
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dir, files[0]), 'utf8');
    expect(raw).toContain('To: erika@example.com');
    expect(raw).toContain('Subject: Your confirmation code for the customer portal');
    expect(raw).toContain('918273');
    const log = lines.join('');
    expect(log).toContain('Your confirmation code for the customer portal');
    expect(log).not.toContain('918273');
    mailer.close();
    fs.rmSync(dir, { recursive: true });
  });
});
