import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a test reads it. */
export interface ReceivedMail {
  /** The template that made it (`X-Portal-Mail`), e.g. `emailChangeCode`, `passwordReset`, `newLogin`. */
  kind: string;
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The whole message as received (headers and encoded body). */
  raw: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`: pass it as `SMTP_URL`. */
  url: string;
  messages: ReceivedMail[];
  /** Waits for the first message (received before or after the call) that matches, default 5 s. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * The oldest unread message to this address (waiting for it if needed), optionally only of one
   * template kind (`next(email, 'passwordReset')`); marks it read.
   */
  next(to: string, kind?: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The messages to this address. */
  to(address: string): ReceivedMail[];
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that collects every message it receives, parsed. Integration
 * tests start one, give its `url` to `createTestServer({ SMTP_URL })`, and read codes and links from the
 * received mail, so the whole path (template, nodemailer, SMTP) is exercised.
 */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const read = new WeakSet<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const from = (parsed.from as AddressObject | undefined)?.text ?? '';
            messages.push({
              kind: String(parsed.headers.get('x-portal-mail') ?? ''),
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw: raw.toString('utf8'),
            });
            for (const w of waiters) w();
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitFor = (match: (m: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(listener);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(listener);
        reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`));
      }, timeoutMs);
      waiters.add(listener);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    async next(to, kind, timeoutMs) {
      const address = to.toLowerCase();
      const m = await waitFor((x) => x.to.includes(address) && !read.has(x) && (!kind || x.kind === kind), timeoutMs);
      read.add(m);
      return m;
    },
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first run of 6 to 10 digits in a mail's text: the confirmation code. */
export const codeIn = (mail: ReceivedMail): string => {
  const m = /\b(\d{6,10})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in mail "${mail.subject}"`);
  return m[1];
};

/** The first portal link (`http(s)://…/a/…`) in a mail's text. */
export const linkIn = (mail: ReceivedMail): string => {
  const m = /https?:\/\/\S+\/a\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in mail "${mail.subject}"`);
  return m[0];
};
