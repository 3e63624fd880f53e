/**
 * The `rabbitmq` module through the real portal (`startPluginPortal`) and the real private RabbitMQ node the local
 * gateway starts for the server (one node for this file: an Erlang node takes seconds to boot): settings checked
 * against the broker's schemas, a virtual host, a user and a permission created through the portal and the user
 * opening an AMQP connection with the password shown once, queues and live figures from the running broker, values
 * refused with nothing stored, a rollback, and the authorization of every operation.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { amqpConnect } from './amqp.testing.ts';
import { api } from './broker.ts';
import { configPath, definitionsPath, defaultPorts } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
}, 180_000);
afterAll(async () => {
  const gateway = t?.portal.managed.gateway(t.server.id);
  const port = gateway && String((await gateway.listenAddress('rabbitmq-epmd', defaultPorts.epmd)).port); // before the sandbox goes
  await t?.stop();
  // The node's own epmd outlives it (Erlang starts it as a daemon): end it once the node has gone (epmd refuses
  // while a node is registered; the VM takes seconds to shut down), it serves no other node.
  if (!gateway || !port) return;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250)))
    if (!/^name /m.test((await gateway.run({ tool: 'epmd', args: ['-port', port, '-names'] })).stdout)) break;
  await gateway.run({ tool: 'epmd', args: ['-port', port, '-kill'] });
}, 60_000);

const defaults = defaultsOf(config);

describeAccessMatrix(() => t, {
  updateRabbitmqSettings: { body: defaults },
  createRabbitmqVhost: { body: { name: 'matrix', description: '' } },
  createRabbitmqUser: { body: { name: 'matrix', tags: [] } },
  updateRabbitmqUser: { body: { tags: [] } },
  createRabbitmqPermission: { body: { vhost: 'shop', user: 'shop', configure: '', write: '', read: '' } },
  updateRabbitmqPermission: { body: { vhost: 'shop', user: 'shop', configure: '', write: '', read: '' } },
  createRabbitmqPolicy: { body: { vhost: 'shop', name: 'matrix', pattern: '^matrix$', applyTo: 'queues', priority: 0, definition: { 'max-length': 1 } } },
  updateRabbitmqPolicy: { body: { vhost: 'shop', name: 'ttl', pattern: '^events\\.', applyTo: 'queues', priority: 0, definition: { 'message-ttl': 1000 } } },
  createRabbitmqExchange: { body: { vhost: 'shop', name: 'matrix', type: 'fanout', durable: false, autoDelete: false } },
  createRabbitmqBinding: { body: { vhost: 'shop', source: 'shop.events', destinationType: 'queue', destination: 'matrix', routingKey: '' } },
});

const amqpPort = async () => (await t.portal.managed.gateway(t.server.id).listenAddress('rabbitmq', defaultPorts.amqp)).port;
const succeeded = async (r: { status: number; body: { id: number } }) => {
  expect(r.status).toBe(202);
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
};

it('R2.024 rabbitmq: a virtual host, a user and its permission created through the portal; the user connects with the password shown once', async () => {
  await succeeded(await t.api.call('createRabbitmqVhost', { body: { name: 'orders', description: 'Orders of the shop' } }));
  const created = await t.api.call('createRabbitmqUser', { body: { name: 'worker', tags: [] } });
  expect(created.status).toBe(202);
  const { password, job, user } = created.body;
  expect(password).toHaveLength(32);
  expect(await t.waitForJob(job.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'erl' } });
  // Never again: not in the list, the definitions file (the broker's hash only), the change log.
  expect(JSON.stringify((await t.api.call('listRabbitmqUsers')).body)).not.toContain(password);
  expect(await t.file(definitionsPath)).not.toContain(password);
  expect(JSON.stringify(await t.changes())).not.toContain(password);

  // Without a permission the login works but the virtual host is refused; a wrong password is refused at login.
  const port = await amqpPort();
  expect(await amqpConnect({ port, user: 'worker', password, vhost: 'orders' })).toBe('vhost_refused');
  expect(await amqpConnect({ port, user: 'worker', password: 'wrong', vhost: 'orders' })).toBe('login_refused');

  const granted = await t.api.call('createRabbitmqPermission', { body: { vhost: 'orders', user: 'worker', configure: '^orders\\.', write: '.*', read: '.*' } });
  await succeeded(granted);
  expect(await amqpConnect({ port, user: 'worker', password, vhost: 'orders' })).toBe('open');
  expect((await t.api.call('listRabbitmqPermissions')).body.data).toContainEqual(expect.objectContaining({ vhost: 'orders', user: 'worker', configure: '^orders\\.' }));

  // A queue with messages (declared and published as the portal's administrator), seen with its counts.
  const gateway = t.portal.managed.gateway(t.server.id);
  await api(gateway, 'PUT', '/queues/orders/orders.created', { durable: true });
  for (const n of [1, 2, 3]) await api(gateway, 'POST', '/exchanges/orders/amq.default/publish', { properties: {}, routing_key: 'orders.created', payload: `order ${n}`, payload_encoding: 'string' });
  // The broker's queue figures are refreshed every few seconds.
  let listed = (await t.api.call('listRabbitmqQueues', { query: { vhost: 'orders' } })).body;
  for (const deadline = Date.now() + 15_000; listed.data[0]?.messages !== 3 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 500)))
    listed = (await t.api.call('listRabbitmqQueues', { query: { vhost: 'orders' } })).body;
  expect(listed).toMatchObject({ running: true, data: [{ vhost: 'orders', name: 'orders.created', durable: true, messages: 3, messagesReady: 3, consumers: 0 }] });
  const watch = await t.api.call('watchRabbitmq');
  expect(watch.status).toBe(200);
  expect(watch.body.sample.figures).toMatchObject({ messagesReady: 3, messagesUnacknowledged: 0, connections: expect.any(Number), memoryBytes: expect.any(Number) });

  // A new password: the old one stops working, the new one works.
  const renewed = await t.api.call('renewRabbitmqUserPassword', { path: { userId: user.id } });
  expect(await t.waitForJob(renewed.body.job.id)).toMatchObject({ status: 'succeeded' });
  expect(await amqpConnect({ port, user: 'worker', password, vhost: 'orders' })).toBe('login_refused');
  expect(await amqpConnect({ port, user: 'worker', password: renewed.body.password, vhost: 'orders' })).toBe('open');

  // Deleting the user takes its permission with it.
  await succeeded(await t.api.call('deleteRabbitmqUser', { path: { userId: user.id } }));
  expect((await t.api.call('listRabbitmqPermissions')).body.data.some((p) => p.user === 'worker')).toBe(false);
  expect(await amqpConnect({ port, user: 'worker', password: renewed.body.password, vhost: 'orders' })).toBe('login_refused');
}, 180_000);

it('R2.024 rabbitmq: settings checked against the broker schemas, the node restarted with them; undo', async () => {
  await succeeded(await t.api.call('applyRabbitmq')); // a running node with the stored settings, to undo back to
  const before = (await t.api.call('getRabbitmqSettings')).body.settings;
  const r = await t.api.call('updateRabbitmqSettings', { body: { ...before, memoryHighWatermarkPercent: 55, channelMax: 64 } });
  expect(r.status).toBe(202);
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'erl' } });
  expect(await t.file(configPath)).toContain('\nvm_memory_high_watermark.relative = 0.55\n');
  const gateway = t.portal.managed.gateway(t.server.id);
  const total = (await import('node:os')).totalmem();
  // The node's figures reach the management API a few seconds after it started.
  const running = async () => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      const limit = (await api<{ mem_limit?: number }[]>(gateway, 'GET', '/nodes'))?.[0]?.mem_limit;
      if (limit) return limit;
    }
    return NaN;
  };
  expect(Math.abs((await running()) / total - 0.55)).toBeLessThan(0.01);

  await t.applied('POST', `${t.base()}/managed/plugins/rabbitmq/rollback`);
  expect((await t.api.call('getRabbitmqSettings')).body.settings).toEqual(before);
  expect(Math.abs((await running()) / total - before.memoryHighWatermarkPercent / 100)).toBeLessThan(0.01);
}, 180_000);

it('R2.024 rabbitmq: values outside the contract and the rules are refused (422 with field errors), nothing is stored', async () => {
  const stored = (await t.api.call('getRabbitmqSettings')).body;
  for (const body of [{ ...defaults, memoryHighWatermarkPercent: 95 }, { ...defaults, diskFreeLimitMb: 10 }, { ...defaults, channelMax: 0 }]) {
    const r = await t.api.call('updateRabbitmqSettings', { body });
    expect(r.status).toBe(422);
  }
  expect((await t.api.call('getRabbitmqSettings')).body).toEqual(stored);
  const vhosts = (await t.api.call('listRabbitmqVhosts')).body;
  expect((await t.api.call('createRabbitmqVhost', { body: { name: 'a/b', description: '' } })).status).toBe(422);
  expect((await t.api.call('createRabbitmqVhost', { body: { name: 'shop', description: '' } })).body).toMatchObject({ error: { fields: { name: ['rabbitmq:errors.name_taken'] } } });
  expect((await t.api.call('createRabbitmqUser', { body: { name: 'portal-admin', tags: [] } })).body).toMatchObject({ error: { fields: { name: ['rabbitmq:errors.name_reserved'] } } });
  const bad = await t.api.call('createRabbitmqPermission', { body: { vhost: 'nowhere', user: 'nobody', configure: '(', write: '.*', read: '[a-' } });
  expect(bad.status).toBe(422);
  expect(bad.body).toMatchObject({
    error: { fields: { vhost: ['rabbitmq:errors.vhost_unknown'], user: ['rabbitmq:errors.user_unknown'], configure: ['rabbitmq:errors.pattern_invalid'], read: ['rabbitmq:errors.pattern_invalid'] } },
  });
  expect((await t.api.call('createRabbitmqPermission', { body: { vhost: 'shop', user: 'shop', configure: 'a\nb', write: '', read: '' } })).status).toBe(422);
  expect((await t.api.call('listRabbitmqVhosts')).body).toEqual(vhosts);
});

it('R2.024 rabbitmq: a policy limits the matching queue, an exchange and its binding route a message into a queue; invalid ones refused (422); undo and delete remove them', async () => {
  await succeeded(await t.api.call('applyRabbitmq')); // the node runs
  const gateway = t.portal.managed.gateway(t.server.id);
  await api(gateway, 'PUT', '/queues/shop/orders.audit', { durable: true }); // queues are the applications'

  // Refused with field errors, nothing stored.
  const lists = async () => [(await t.api.call('listRabbitmqPolicies')).body, (await t.api.call('listRabbitmqExchanges')).body, (await t.api.call('listRabbitmqBindings')).body];
  const before = await lists();
  const policy = { vhost: 'shop', name: 'audit-limit', pattern: '^orders\\.audit$', applyTo: 'queues' as const, priority: 5, definition: { 'max-length': 2 } };
  expect((await t.api.call('createRabbitmqPolicy', { body: { ...policy, vhost: 'nowhere', pattern: '(orders' } })).body).toMatchObject({
    error: { fields: { vhost: ['rabbitmq:errors.vhost_unknown'], pattern: ['rabbitmq:errors.pattern_invalid'] } },
  });
  for (const definition of [{}, { 'max-length': -1 }, { 'x-unknown': 1 }, { overflow: 'explode' }, { 'message-ttl': '60s' }])
    expect((await t.api.call('createRabbitmqPolicy', { body: { ...policy, definition: definition as never } })).status).toBe(422);
  expect((await t.api.call('createRabbitmqExchange', { body: { vhost: 'shop', name: 'amq.mine', type: 'direct', durable: true, autoDelete: false } })).body).toMatchObject({ error: { fields: { name: ['rabbitmq:errors.name_reserved'] } } });
  expect((await t.api.call('createRabbitmqExchange', { body: { vhost: 'shop', name: 'x', type: 'bogus' as never, durable: true, autoDelete: false } })).status).toBe(422);
  expect((await t.api.call('createRabbitmqBinding', { body: { vhost: 'shop', source: 'nowhere', destinationType: 'exchange', destination: 'nothing', routingKey: '' } })).body).toMatchObject({
    error: { fields: { source: ['rabbitmq:errors.exchange_unknown'], destination: ['rabbitmq:errors.exchange_unknown'] } },
  });
  expect(await lists()).toEqual(before);

  await succeeded(await t.api.call('createRabbitmqPolicy', { body: policy }));
  await succeeded(await t.api.call('createRabbitmqExchange', { body: { vhost: 'shop', name: 'orders.audit', type: 'direct', durable: true, autoDelete: false } }));
  const bound = await t.api.call('createRabbitmqBinding', { body: { vhost: 'shop', source: 'orders.audit', destinationType: 'queue', destination: 'orders.audit', routingKey: 'audit' } });
  await succeeded(bound);

  // The broker applies the policy to the matching queue; five messages through the exchange, the queue keeps two.
  const queue = async () => (await api<{ policy?: string; effective_policy_definition?: Record<string, unknown>; messages?: number }>(gateway, 'GET', '/queues/shop/orders.audit'))!;
  let limited = await queue();
  for (const deadline = Date.now() + 15_000; limited.policy !== 'audit-limit' && Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) limited = await queue();
  expect(limited).toMatchObject({ policy: 'audit-limit', effective_policy_definition: { 'max-length': 2 } });
  for (const n of [1, 2, 3, 4, 5])
    expect(await api(gateway, 'POST', '/exchanges/shop/orders.audit/publish', { properties: {}, routing_key: 'audit', payload: `audit ${n}`, payload_encoding: 'string' })).toEqual({ routed: true });
  const got = await api<{ payload: string }[]>(gateway, 'POST', '/queues/shop/orders.audit/get', { count: 10, ackmode: 'ack_requeue_true', encoding: 'auto' });
  expect(got?.map((m) => m.payload)).toEqual(['audit 4', 'audit 5']);
  const listed = (await t.api.call('listRabbitmqQueues', { query: { vhost: 'shop' } })).body.data;
  expect(listed).toContainEqual(expect.objectContaining({ name: 'orders.audit', policy: 'audit-limit' }));
  expect((await t.api.call('listRabbitmqBindings')).body.data).toContainEqual(expect.objectContaining({ source: 'orders.audit', destination: 'orders.audit', routingKey: 'audit' }));

  // Undo (the binding, the last change): the exchange no longer routes to the queue. Deleting the exchange and the
  // policy removes them from the broker.
  await t.applied('POST', `${t.base()}/managed/plugins/rabbitmq/rollback`);
  expect((await t.api.call('listRabbitmqBindings')).body).toEqual(before[2]);
  expect(await api(gateway, 'POST', '/exchanges/shop/orders.audit/publish', { properties: {}, routing_key: 'audit', payload: 'lost', payload_encoding: 'string' })).toEqual({ routed: false });
  const exchangeId = (await t.api.call('listRabbitmqExchanges')).body.data.find((e) => e.name === 'orders.audit')!.id;
  await succeeded(await t.api.call('deleteRabbitmqExchange', { path: { exchangeId } }));
  await expect(api(gateway, 'GET', '/exchanges/shop/orders.audit')).rejects.toThrow(/404/);
  const policyId = (await t.api.call('listRabbitmqPolicies')).body.data.find((p) => p.name === 'audit-limit')!.id;
  await succeeded(await t.api.call('deleteRabbitmqPolicy', { path: { policyId } }));
  expect(((await api<{ name: string }[]>(gateway, 'GET', '/policies/shop')) ?? []).map((p) => p.name)).not.toContain('audit-limit');
  // The queue's policy reaches the management API with the queue's next statistics (every 5 s).
  let after = await queue();
  for (const deadline = Date.now() + 15_000; after.policy && Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) after = await queue();
  expect(after.policy || null).toBeNull();
  expect(await lists()).toEqual(before);
  await api(gateway, 'DELETE', '/queues/shop/orders.audit');
}, 180_000);
