import { createLogger, createMailer } from '@portal/core/platform';
import { codeIn, linkIn, startMailbox } from './mailbox.ts';

describe('SMTP mailer with the test mailbox', () => {
  it('R4.020 delivers German and English mail over SMTP; tests read the code and the link', async () => {
    const mailbox = await startMailbox();
    const mailer = createMailer({ smtpUrl: mailbox.url, mailDir: '/nonexistent', from: 'Kundenportal <no-reply@example.com>', logger: createLogger({ level: 'silent' }) });
    try {
      await mailer.send({ email: 'Erika@Example.com', language: 'de', firstname: 'Erika', surname: 'Müller' }, { kind: 'emailChangeCode', code: '1234567', newEmail: 'neu@example.com', validMinutes: 30 });
      await mailer.send({ email: 'max@example.com', language: 'en' }, { kind: 'passwordReset', link: 'http://localhost:3000/a/password/reset/tok_EN-123', validMinutes: 60 });
      const de = await mailbox.next('erika@example.com', 'emailChangeCode');
      expect(de.kind).toBe('emailChangeCode');
      expect(de.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse');
      expect(de.text).toContain('Guten Tag Erika Müller,');
      expect(de.from).toContain('no-reply@example.com');
      expect(codeIn(de)).toBe('1234567');
      const en = await mailbox.next('max@example.com');
      expect(en.subject).toBe('Reset your password');
      expect(linkIn(en)).toBe('http://localhost:3000/a/password/reset/tok_EN-123');
      await expect(mailbox.next('max@example.com', undefined, 200)).rejects.toThrow(/no matching mail/);
    } finally {
      mailer.close();
      await mailbox.close();
    }
  });
});
