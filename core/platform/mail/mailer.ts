import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { renderMail, type MailTemplate, type Recipient } from './templates.ts';

/** Names the template in every message (`X-Portal-Mail: passwordReset`), so tests and filters can tell mails apart. */
const kindHeader = (template: MailTemplate) => ({ 'X-Portal-Mail': template.kind });

/** Outgoing mail, as the domain sees it: a template for a recipient, rendered in their language. */
export interface Mailer {
  send(to: Recipient, template: MailTemplate, options?: MailOptions): Promise<void>;
  close(): void;
}

/** A file sent along (e.g. the concluded DPA as PDF). */
export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailOptions {
  attachments?: MailAttachment[];
}

const attachmentsOf = (options?: MailOptions) => (options?.attachments ?? []).map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType }));

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: each message becomes an `.eml` file in `mailDir`. */
  smtpUrl?: string;
  /** Where messages are written without SMTP (DATA_DIR/mail). */
  mailDir: string;
  /** The sender, e.g. `Kundenportal <no-reply@example.com>`. */
  from: string;
  logger: Logger;
}

/**
 * A mailer on nodemailer: SMTP when a URL is configured, otherwise `.eml` files under `mailDir`
 * (development, the embedded setup and end-to-end tests read them). Logs the subject, the template
 * kind and where it went, never the body, codes or links.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(to, template, sendOptions) {
        const mail = renderMail(template, to);
        const info = await transport.sendMail({ from: options.from, to: to.email, subject: mail.subject, text: mail.text, html: mail.html, headers: kindHeader(template), attachments: attachmentsOf(sendOptions) });
        logger.info({ mail: template.kind, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(to, template, sendOptions) {
      const mail = renderMail(template, to);
      const info = await transport.sendMail({ from: options.from, to: to.email, subject: mail.subject, text: mail.text, html: mail.html, headers: kindHeader(template), attachments: attachmentsOf(sendOptions) });
      await fs.mkdir(options.mailDir, { recursive: true });
      // Sortable by time; random suffix so parallel messages never collide.
      const file = path.join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ mail: template.kind, subject: mail.subject, file }, 'mail written');
    },
    close: () => transport.close(),
  };
}

/** A mailer that keeps messages in memory, for unit tests of core services. */
export class MemoryMailer implements Mailer {
  readonly sent: { to: Recipient; template: MailTemplate; options?: MailOptions }[] = [];
  async send(to: Recipient, template: MailTemplate, options?: MailOptions): Promise<void> {
    this.sent.push({ to, template, options });
  }
  close(): void {}
}
