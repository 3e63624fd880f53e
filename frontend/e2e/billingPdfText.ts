import zlib from 'node:zlib';

/**
 * (Shared with bff/src/handlers/invoices.test.ts: the frontend may not import server code, the BFF's tests may import this.)
 * The text a PDF written by pdf-lib with the standard fonts shows: every content stream is inflated
 * and its hex-string `Tj` operands decoded (WinAnsi is Latin-1 for the characters we use). For tests.
 */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const parts: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = Buffer.from(raw.slice(start, end), 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(t[1], 'hex').toString('latin1'));
    re.lastIndex = end;
  }
  return parts.join('\n').replace(/\x80/g, '€');
}
