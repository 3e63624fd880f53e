import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The portal of the running spec file (its own port, see playwright.config.ts) writes its mail as .eml files here (no SMTP_URL in e2e). */
const mailDirOf = () => path.resolve('data', `e2e-${new URL(test.info().project.use.baseURL!).port}`, 'mail');

export interface E2eMail {
  subject: string;
  text: string;
  attachments: { filename?: string; contentType: string; size: number }[];
}

/** Waits for the newest mail of a kind (`X-Portal-Mail`) to an address written after `since` (ms), optionally one whose subject contains `subject`. */
export async function mailTo(address: string, kind: string, since: number, subject?: string): Promise<E2eMail> {
  const mailDir = mailDirOf();
  for (let i = 0; i < 75; i++) {
    const files = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(mailDir, f))
          .filter((f) => fs.statSync(f).mtimeMs >= since)
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(file));
      const to = [mail.to].flat().flatMap((a) => a?.value ?? []).map((v) => v.address?.toLowerCase());
      if (to.includes(address.toLowerCase()) && mail.headers.get('x-portal-mail') === kind && (!subject || (mail.subject ?? '').includes(subject)))
        return { subject: mail.subject ?? '', text: mail.text ?? '', attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })) };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} mail to ${address} in ${mailDir}`);
}

/** The first portal link (`http(s)://…/a/…`) in a mail's text, as a path under the base URL. */
export const linkPathIn = (mail: E2eMail): string => new URL(/https?:\/\/\S+\/a\/\S+/.exec(mail.text)![0]).pathname;
