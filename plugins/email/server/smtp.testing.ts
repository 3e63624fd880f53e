/**
 * A plain SMTP dialogue over `node:net` (tests only): EHLO, MAIL FROM, RCPT TO, and — when the recipient is
 * accepted — DATA with a short message. Answers each step's reply code, so a test sees what a sending server sees.
 */
import net from 'node:net';

export interface SmtpOutcome {
  /** The reply to RCPT TO (250 accepted, 550 unknown user). */
  rcpt: number;
  rcptText: string;
  /** The reply after the message's final dot, when RCPT was accepted. */
  data?: number;
  dataText?: string;
}

export async function sendMail(opts: { host?: string; port: number; from: string; to: string; subject?: string }): Promise<SmtpOutcome> {
  const socket = net.connect({ host: opts.host ?? '127.0.0.1', port: opts.port });
  socket.setEncoding('utf8');
  let buffer = '';
  const waiting: ((reply: { code: number; text: string }) => void)[] = [];
  const replies: { code: number; text: string }[] = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // A reply ends with a line `NNN text` (a space after the code; `NNN-` continues).
    for (let m = /(^|\n)(\d{3}) [^\n]*\r?\n/.exec(buffer); m; m = /(^|\n)(\d{3}) [^\n]*\r?\n/.exec(buffer)) {
      const end = m.index + m[0].length;
      const reply = { code: Number(m[2]), text: buffer.slice(0, end).trim() };
      buffer = buffer.slice(end);
      const w = waiting.shift();
      if (w) w(reply);
      else replies.push(reply);
    }
  });
  socket.setTimeout(15_000, () => socket.destroy(new Error(`SMTP: no answer within 15 s (${buffer.slice(0, 200)})`)));
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const next = () => Promise.race([failed, new Promise<{ code: number; text: string }>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve)))]);
  const say = async (line: string) => {
    socket.write(`${line}\r\n`);
    return next();
  };
  try {
    const greeting = await next();
    if (greeting.code !== 220) throw new Error(`SMTP greeting: ${greeting.text}`);
    await say('EHLO test.invalid');
    const from = await say(`MAIL FROM:<${opts.from}>`);
    if (from.code !== 250) throw new Error(`MAIL FROM: ${from.text}`);
    const rcpt = await say(`RCPT TO:<${opts.to}>`);
    if (rcpt.code !== 250) return { rcpt: rcpt.code, rcptText: rcpt.text };
    const start = await say('DATA');
    if (start.code !== 354) throw new Error(`DATA: ${start.text}`);
    const done = await say(`From: <${opts.from}>\r\nTo: <${opts.to}>\r\nSubject: ${opts.subject ?? 'test'}\r\n\r\nHello from the portal's test.\r\n.`);
    return { rcpt: rcpt.code, rcptText: rcpt.text, data: done.code, dataText: done.text };
  } finally {
    socket.end('QUIT\r\n');
    socket.destroy();
  }
}
