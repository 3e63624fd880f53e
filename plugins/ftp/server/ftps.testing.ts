/**
 * A real FTP client for the tests (`basic-ftp`): logs in to the private ProFTPD over explicit FTPS (AUTH TLS; the
 * sandbox's certificate is self-signed, so it is not verified) or without TLS, uploads a file and says how it went.
 */
import { Readable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';

export type FtpOutcome = { ok: true; pwd: string; listing: string[] } | { ok: false; code: number | string; message: string };

/** Logs in, uploads `upload` (name → content) when given, lists the working directory. */
export async function ftpSession(o: { port: number; user: string; password: string; tls?: boolean; upload?: [string, string] }): Promise<FtpOutcome> {
  const client = new Client(10_000);
  try {
    await client.access({ host: '127.0.0.1', port: o.port, user: o.user, password: o.password, secure: o.tls ?? true, secureOptions: { rejectUnauthorized: false } });
    if (o.upload) await client.uploadFrom(Readable.from([o.upload[1]]), o.upload[0]);
    return { ok: true, pwd: await client.pwd(), listing: (await client.list()).map((f) => f.name) };
  } catch (e) {
    return { ok: false, code: e instanceof FTPError ? e.code : String((e as { code?: unknown }).code ?? 'error'), message: (e as Error).message };
  } finally {
    client.close();
  }
}
