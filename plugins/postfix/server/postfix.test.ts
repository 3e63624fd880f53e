/**
 * The `postfix` module through the real portal (every plugin loaded, so the `email` module's private Postfix runs for
 * the server — the one MTA this module manages): settings stored, checked by postconf/postfix check on a staged copy,
 * merged into the running Postfix (`postconf -h`, the SMTP greeting's SIZE) and undone; values refused with nothing
 * changed; the relay password sealed, rendered only into the secret file, never answered; a message queued for an
 * unreachable relay host listed, flushed and deleted (one, then all); the authorization of every operation.
 */
import net from 'node:net';
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, letOthersTraverse, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { saslPasswdPath, settingsPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { allPlugins: true });
  await letOthersTraverse(t.portal.managed.gateway(t.server.id).hostPath('/var/lib'));
  // The email module's tables (main.cf names them; the cleanup daemon refuses mail while they are missing).
  const email = await t.admin.request('POST', `${t.base()}/email/apply`);
  expect(await t.waitForJob(email.body.id)).toMatchObject({ status: 'succeeded' });
}, 120_000);
afterAll(() => t?.stop());

const defaults = defaultsOf(config);
describeAccessMatrix(() => t, {
  updatePostfixSettings: { body: defaults },
  updatePostfixRelayPassword: { body: { password: 'matrix-pw' } },
});

const gateway = () => t.portal.managed.gateway(t.server.id);
const postconf = async (name: string) =>
  (await gateway().run({ tool: 'postconf', args: ['-c', { path: '/etc/postfix' }, '-h', name], timeoutMs: 15_000 })).stdout.trim();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback port nothing listens on (the unreachable relay host). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The SMTP greeting and EHLO answer of the running private Postfix. */
async function ehlo(): Promise<string> {
  const { port } = await gateway().listenAddress('postfix', 25);
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.setEncoding('utf8');
  let text = '';
  socket.on('data', (c: string) => (text += c));
  const until = async (re: RegExp) => {
    for (let i = 0; i < 100 && !re.test(text); i++) await sleep(100);
  };
  await until(/^220 /m);
  socket.write('EHLO test.example\r\n');
  await until(/^250 /m);
  socket.end('QUIT\r\n');
  return text;
}

/** A message for an outside address, handed to the private Postfix's sendmail (the relay host is unreachable: it stays queued). */
async function enqueue(subject: string): Promise<void> {
  const r = await gateway().run({
    tool: 'sendmail',
    args: ['-C', { path: '/etc/postfix' }, '-f', 'sender@shop.example', 'someone@outside.example'],
    input: `Subject: ${subject}\n\nqueued by the postfix module's test\n`,
    timeoutMs: 15_000,
  });
  expect([r.exitCode, r.stderr]).toEqual([0, '']);
}

async function waitForQueue(predicate: (q: Awaited<ReturnType<typeof list>>) => boolean) {
  for (let i = 0; i < 150; i++) {
    const q = await list();
    if (predicate(q)) return q;
    await sleep(200);
  }
  throw new Error(`queue: ${JSON.stringify(await list())} ${JSON.stringify(await gateway().tail('/var/log/postfix-portal/mail.log', 40))}`);
}
const list = async () => (await t.api.call('listPostfixQueue')).body;

let relayPort = 0;

it('R2.024 postfix: settings checked on a staged copy, merged into the running Postfix, seen over SMTP, undone', async () => {
  expect((await t.api.call('getPostfixSettings')).body).toEqual({ settings: defaults });
  relayPort = await closedPort();
  const body = {
    ...defaults,
    relayHost: '127.0.0.1',
    relayPort,
    relayRequireTls: false,
    messageSizeLimitMb: 2,
    clientMessageRateLimit: 30,
  };
  const r = await t.api.call('updatePostfixSettings', { body });
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'postfix' } });
  expect(await t.file(settingsPath)).toContain(`relayhost = [127.0.0.1]:${relayPort}\n`);
  // The running private Postfix has them: its main.cf, and its SMTP server announces the limit.
  expect(await postconf('message_size_limit')).toBe(String(2 * 1024 * 1024));
  expect(await postconf('relayhost')).toBe(`[127.0.0.1]:${relayPort}`);
  expect(await postconf('smtpd_client_message_rate_limit')).toBe('30');
  expect(await ehlo()).toContain(`250-SIZE ${2 * 1024 * 1024}`);
  expect((await t.changes()).data[0]).toMatchObject({
    summary: {
      key: 'sdk:config.changed',
      values: { fields: 'relayHost, relayPort, relayRequireTls, messageSizeLimitMb, clientMessageRateLimit' },
    },
  });

  // Undo a second change: the size goes back to 2 MB in the running Postfix.
  const again = await t.api.call('updatePostfixSettings', { body: { ...body, messageSizeLimitMb: 5 } });
  await t.waitForJob(again.body.id);
  expect(await postconf('message_size_limit')).toBe(String(5 * 1024 * 1024));
  await t.applied('POST', `${t.base()}/managed/plugins/postfix/rollback`);
  expect((await t.api.call('getPostfixSettings')).body).toEqual({ settings: body });
  expect(await postconf('message_size_limit')).toBe(String(2 * 1024 * 1024));
}, 120_000);

it('R2.024 postfix: invalid values refused (422 with field errors), nothing changed', async () => {
  const stored = (await t.api.call('getPostfixSettings')).body;
  const changes = (await t.changes()).data.length;
  const cases: [Partial<typeof defaults>, string, string][] = [
    [{ relayHost: 'relay.example\nmynetworks = 0.0.0.0/0' }, 'relayHost', 'validation.pattern'],
    [{ messageSizeLimitMb: 0 }, 'messageSizeLimitMb', 'validation.minimum'],
    [{ clientConnectionCountLimit: 5000 }, 'clientConnectionCountLimit', 'validation.maximum'],
    [{ relayHost: '', relayUser: 'someone' }, 'relayUser', 'postfix:errors.needs_relay'],
  ];
  for (const [change, field, key] of cases) {
    const r = await t.api.call('updatePostfixSettings', { body: { ...stored.settings, ...change } as typeof defaults });
    expect([r.status, r.body.error?.fields?.[field]]).toEqual([422, [key]]);
  }
  expect((await t.api.call('getPostfixSettings')).body).toEqual(stored);
  expect((await t.changes()).data.length).toBe(changes);
  expect(await postconf('message_size_limit')).toBe(String(2 * 1024 * 1024));
});

it('postfix: the relay password sealed, only in the secret file, never answered or logged; removed again', async () => {
  const settings = (await t.api.call('getPostfixSettings')).body.settings;
  await t.waitForJob((await t.api.call('updatePostfixSettings', { body: { ...settings, relayUser: 'web01@relay.example' } })).body.id);
  const secret = 'Sup3r-s3cret!pw';
  const r = await t.api.call('updatePostfixRelayPassword', { body: { password: secret } });
  expect(r.status).toBe(202);
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
  expect(await t.file(saslPasswdPath)).toContain(`[127.0.0.1]:${relayPort} web01@relay.example:${secret}\n`);
  expect(await postconf('smtp_sasl_auth_enable')).toBe('yes');
  expect((await t.api.call('getPostfixRelayPassword')).body).toMatchObject({ set: true });
  const answered = JSON.stringify([
    (await t.api.call('getPostfixSettings')).body,
    (await t.api.call('getPostfixFiles')).body,
    await t.changes(),
  ]);
  expect(answered).not.toContain(secret);
  const [{ rows }] = [
    await t.portal.db.orm.em
      .fork()
      .getConnection()
      .execute('select sealed_password from postfix_relay_secrets', [], 'all')
      .then((rows: unknown) => ({ rows: rows as { sealed_password: string }[] })),
  ];
  expect(rows[0].sealed_password).not.toContain(secret);

  await t.waitForJob((await t.api.call('deletePostfixRelayPassword')).body.id);
  expect((await t.api.call('getPostfixRelayPassword')).body).toEqual({ set: false, updatedAt: null });
  expect(await t.file(saslPasswdPath)).not.toContain(secret);
  expect(await postconf('smtp_sasl_auth_enable')).toBe('no');
}, 120_000);

it('R2.024 postfix: a message for the unreachable relay host queued, listed, flushed, deleted; then all deleted', async () => {
  // Postfix runs once applied (the other tests applied already; alone, this starts it).
  expect(await t.waitForJob((await t.api.call('applyPostfix')).body.id)).toMatchObject({ status: 'succeeded' });
  await enqueue('one');
  const deferred = await waitForQueue((q) => q.data.some((m) => m.queue === 'deferred'));
  const message = deferred.data.find((m) => m.queue === 'deferred')!;
  expect(message).toMatchObject({ sender: 'sender@shop.example', recipients: [{ address: 'someone@outside.example' }] });
  expect(message.recipients[0].reason).toMatch(/refused|connect/i);

  const flushed = await t.api.call('flushPostfixQueueMessage', { path: { queueId: message.id } });
  expect([flushed.status, flushed.body.running]).toEqual([200, true]);
  const gone = await t.api.call('deletePostfixQueueMessage', { path: { queueId: message.id } });
  expect([gone.status, gone.body.deleted]).toEqual([200, 1]);
  expect(gone.body.queue.data.some((m) => m.id === message.id)).toBe(false);
  expect((await t.api.call('deletePostfixQueueMessage', { path: { queueId: message.id } })).status).toBe(404);

  await enqueue('two');
  await enqueue('three');
  await waitForQueue((q) => q.total >= 2);
  expect((await t.api.call('flushPostfixQueue')).status).toBe(200);
  const all = await t.api.call('deletePostfixQueue');
  expect([all.status, all.body.deleted, all.body.queue.total]).toEqual([200, 2, 0]);
}, 120_000);
