export { createMailer, MemoryMailer, type Mailer, type MailerOptions } from './mailer.ts';
export { renderMail, type MailTemplate, type MailKind, type MailLanguage, type Recipient, type RenderedMail } from './templates.ts';
