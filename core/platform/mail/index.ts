export { createMailer, MemoryMailer, type Mailer, type MailerOptions, type MailAttachment, type MailOptions } from './mailer.ts';
export { renderMail, type MailTemplate, type MailKind, type MailLanguage, type Recipient, type RenderedMail } from './templates.ts';
