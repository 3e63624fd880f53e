/**
 * The running broker through its management HTTP API on the loopback port the gateway gives it
 * (`listenAddress('rabbitmq-management', 15672)`), as the administrator the reload step created (`adminPath`):
 * the apply's reload step (restart when `rabbitmq.conf` changed, then virtual hosts, users and permissions brought
 * in line with the applied definitions file), the queues and the overview for the figures. Names go into URLs
 * through `encodeURIComponent`, values into JSON bodies; passwords only as the broker's hashes. The private node of
 * the `local` gateway is the only broker it reaches (an `ssh` server: `skipped`).
 */
import crypto from 'node:crypto';
import type { CheckOutcome, ServerGateway } from '@portal/plugin-sdk/server';
import { adminPath, adminUser, configPath, defaultPorts, definitionsPath, managedPath, type DefinitionBinding, type Definitions } from './program.ts';

type Gateway = Pick<ServerGateway, 'listenAddress' | 'reach' | 'readFile'>;

/** Virtual hosts and users the portal never creates, changes or deletes. */
export const reservedVhosts = ['/'];
export const reservedUsers = [adminUser, 'guest'];

/** What the reload step created (so it deletes only those) and the configuration the node started with. */
interface Managed {
  vhosts: string[];
  users: string[];
  /** `vhost/name` of policies and exchanges, `bindingKey` of bindings. */
  policies?: string[];
  exchanges?: string[];
  bindings?: string[];
  configHash?: string;
}

export class BrokerError extends Error {}

/** One request to the management API; `undefined` when the broker does not answer. */
export async function api<T = unknown>(gateway: Gateway, method: string, path: string, body?: unknown, timeoutMs = 5000): Promise<T | undefined> {
  const admin = JSON.parse((await gateway.readFile(adminPath)) ?? '{}') as { password?: string };
  if (!admin.password) return undefined;
  const { host, port } = await gateway.reach(await gateway.listenAddress('rabbitmq-management', 15672));
  let r: Response;
  try {
    r = await fetch(`http://${host}:${port}/api${path}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${adminUser}:${admin.password}`).toString('base64')}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return undefined;
  }
  if (r.status === 404 && method === 'DELETE') return undefined;
  if (!r.ok) throw new BrokerError(`${method} ${path.replace(/\?.*$/, '')}: ${r.status} ${(await r.text()).slice(0, 500)}`);
  const text = await r.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const seg = encodeURIComponent;

/** Brings the running broker in line with the applied definitions: virtual hosts, users (hash, tags) and permissions. */
export async function reconcile(gateway: Gateway, wanted: Definitions, managed: Managed): Promise<{ managed: Managed; log: string[] }> {
  const log: string[] = [];
  const vhostNames = new Set(wanted.vhosts.map((v) => v.name));
  const userNames = new Set(wanted.users.map((u) => u.name));
  for (const name of managed.users)
    if (!userNames.has(name) && !reservedUsers.includes(name)) {
      await api(gateway, 'DELETE', `/users/${seg(name)}`);
      log.push(`deleted user ${name}`);
    }
  for (const name of managed.vhosts)
    if (!vhostNames.has(name) && !reservedVhosts.includes(name)) {
      await api(gateway, 'DELETE', `/vhosts/${seg(name)}`);
      log.push(`deleted virtual host ${name}`);
    }
  const vhosts = new Map(((await api<{ name: string; description?: string }[]>(gateway, 'GET', '/vhosts')) ?? []).map((v) => [v.name, v]));
  for (const v of wanted.vhosts) {
    const had = vhosts.get(v.name);
    if (had && (had.description ?? '') === v.description) continue;
    await api(gateway, 'PUT', `/vhosts/${seg(v.name)}`, { description: v.description });
    log.push(`${had ? 'updated' : 'created'} virtual host ${v.name}`);
  }
  const users = new Map(((await api<{ name: string; password_hash: string; tags: string[] | string }[]>(gateway, 'GET', '/users')) ?? []).map((u) => [u.name, u]));
  for (const u of wanted.users) {
    const had = users.get(u.name);
    const tags = (t: string[] | string) => (Array.isArray(t) ? t : t.split(',').filter(Boolean)).sort().join(',');
    if (had && had.password_hash === u.hash && tags(had.tags) === tags(u.tags)) continue;
    await api(gateway, 'PUT', `/users/${seg(u.name)}`, { password_hash: u.hash, hashing_algorithm: 'rabbit_password_hashing_sha256', tags: u.tags.join(',') });
    log.push(`${had ? 'updated' : 'created'} user ${u.name}`);
  }
  const key = (p: { vhost: string; user: string }) => `${p.user}@${p.vhost}`;
  const wantedPermissions = new Map(wanted.permissions.filter((p) => vhostNames.has(p.vhost) && userNames.has(p.user)).map((p) => [key(p), p]));
  const present = (await api<DefinitionPermissionRow[]>(gateway, 'GET', '/permissions')) ?? [];
  for (const p of present)
    if (userNames.has(p.user) && !wantedPermissions.has(key(p))) {
      await api(gateway, 'DELETE', `/permissions/${seg(p.vhost)}/${seg(p.user)}`);
      log.push(`revoked ${key(p)}`);
    }
  for (const p of wantedPermissions.values()) {
    const had = present.find((x) => key(x) === key(p));
    if (had && had.configure === p.configure && had.write === p.write && had.read === p.read) continue;
    await api(gateway, 'PUT', `/permissions/${seg(p.vhost)}/${seg(p.user)}`, { configure: p.configure, write: p.write, read: p.read });
    log.push(`${had ? 'changed' : 'granted'} ${key(p)}`);
  }
  const routing = await reconcileRouting(gateway, wanted, managed, vhostNames);
  return { managed: { vhosts: [...vhostNames], users: [...userNames], ...routing.managed }, log: [...log, ...routing.log] };
}

export const bindingKey = (b: DefinitionBinding) => JSON.stringify([b.vhost, b.source, b.destinationType, b.destination, b.routingKey]);
const sorted = (o: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))));

interface ExchangeRow {
  vhost: string;
  name: string;
  type: string;
  durable: boolean;
  auto_delete: boolean;
}
interface BindingRow {
  vhost: string;
  source: string;
  destination: string;
  destination_type: string;
  routing_key: string;
  properties_key: string;
}
interface PolicyRow {
  vhost: string;
  name: string;
  pattern: string;
  'apply-to': string;
  priority: number;
  definition: Record<string, unknown>;
}

/**
 * Exchanges (one whose type or flags changed is deleted and declared again: the broker cannot change them), bindings
 * (one to a queue that does not exist yet waits for the next apply: queues are the applications') and policies,
 * deleting only what the portal created.
 */
async function reconcileRouting(gateway: Gateway, wanted: Definitions, managed: Managed, vhostNames: Set<string>) {
  const log: string[] = [];
  const exchanges = (wanted.exchanges ?? []).filter((e) => vhostNames.has(e.vhost));
  const exchangeKeys = new Set(exchanges.map((e) => `${e.vhost}/${e.name}`));
  const bindings = (wanted.bindings ?? []).filter((b) => exchangeKeys.has(`${b.vhost}/${b.source}`) && (b.destinationType === 'queue' || exchangeKeys.has(`${b.vhost}/${b.destination}`)));
  const bindingKeys = new Set(bindings.map(bindingKey));
  const policies = (wanted.policies ?? []).filter((p) => vhostNames.has(p.vhost));
  const policyKeys = new Set(policies.map((p) => `${p.vhost}/${p.name}`));
  const path = (k: string) => k.split('/').map(seg).join('/');

  for (const k of managed.policies ?? [])
    if (!policyKeys.has(k)) {
      await api(gateway, 'DELETE', `/policies/${path(k)}`);
      log.push(`cleared policy ${k}`);
    }
  for (const k of managed.exchanges ?? [])
    if (!exchangeKeys.has(k)) {
      await api(gateway, 'DELETE', `/exchanges/${path(k)}`);
      log.push(`deleted exchange ${k}`);
    }
  let presentBindings = ((await api<BindingRow[]>(gateway, 'GET', '/bindings')) ?? []).filter((b) => b.source !== '');
  const asDefinition = (b: BindingRow): DefinitionBinding => ({ vhost: b.vhost, source: b.source, destinationType: b.destination_type, destination: b.destination, routingKey: b.routing_key });
  const bindingPath = (b: BindingRow) => `/bindings/${seg(b.vhost)}/e/${seg(b.source)}/${b.destination_type === 'queue' ? 'q' : 'e'}/${seg(b.destination)}/${seg(b.properties_key)}`;
  for (const b of presentBindings)
    if ((managed.bindings ?? []).includes(bindingKey(asDefinition(b))) && !bindingKeys.has(bindingKey(asDefinition(b)))) {
      await api(gateway, 'DELETE', bindingPath(b));
      log.push(`unbound ${b.source} → ${b.destination} (${b.vhost})`);
    }

  const presentExchanges = new Map(((await api<ExchangeRow[]>(gateway, 'GET', '/exchanges')) ?? []).map((e) => [`${e.vhost}/${e.name}`, e]));
  let recreated = false;
  for (const e of exchanges) {
    const had = presentExchanges.get(`${e.vhost}/${e.name}`);
    if (had && had.type === e.type && had.durable === e.durable && had.auto_delete === e.autoDelete) continue;
    if (had) {
      await api(gateway, 'DELETE', `/exchanges/${seg(e.vhost)}/${seg(e.name)}`);
      recreated = true;
    }
    await api(gateway, 'PUT', `/exchanges/${seg(e.vhost)}/${seg(e.name)}`, { type: e.type, durable: e.durable, auto_delete: e.autoDelete, internal: false, arguments: {} });
    log.push(`${had ? 'declared again' : 'declared'} exchange ${e.vhost}/${e.name} (${e.type})`);
  }
  if (recreated) presentBindings = ((await api<BindingRow[]>(gateway, 'GET', '/bindings')) ?? []).filter((b) => b.source !== '');
  const present = new Set(presentBindings.map((b) => bindingKey(asDefinition(b))));
  const queueNames = new Set(((await api<{ vhost: string; name: string }[]>(gateway, 'GET', '/queues?columns=vhost,name')) ?? []).map((q) => `${q.vhost}/${q.name}`));
  for (const b of bindings) {
    if (present.has(bindingKey(b))) continue;
    const to = `${b.source} → ${b.destination} (${b.vhost})`;
    if (b.destinationType === 'queue' && !queueNames.has(`${b.vhost}/${b.destination}`)) {
      log.push(`waiting for queue ${b.destination} (${b.vhost}) to bind ${to}`);
      continue;
    }
    await api(gateway, 'POST', `/bindings/${seg(b.vhost)}/e/${seg(b.source)}/${b.destinationType === 'queue' ? 'q' : 'e'}/${seg(b.destination)}`, { routing_key: b.routingKey, arguments: {} });
    log.push(`bound ${to}`);
  }

  const presentPolicies = new Map(((await api<PolicyRow[]>(gateway, 'GET', '/policies')) ?? []).map((p) => [`${p.vhost}/${p.name}`, p]));
  for (const p of policies) {
    const had = presentPolicies.get(`${p.vhost}/${p.name}`);
    if (had && had.pattern === p.pattern && had['apply-to'] === p.applyTo && had.priority === p.priority && sorted(had.definition) === sorted(p.definition)) continue;
    await api(gateway, 'PUT', `/policies/${seg(p.vhost)}/${seg(p.name)}`, { pattern: p.pattern, 'apply-to': p.applyTo, priority: p.priority, definition: p.definition });
    log.push(`${had ? 'changed' : 'set'} policy ${p.vhost}/${p.name}`);
  }
  return { managed: { policies: [...policyKeys], exchanges: [...exchangeKeys], bindings: [...bindingKeys] }, log };
}
interface DefinitionPermissionRow {
  vhost: string;
  user: string;
  configure: string;
  write: string;
  read: string;
}

/** Waits until the management API answers (the node takes a few seconds to boot). */
async function ready(gateway: Gateway, waitMs = 60_000): Promise<boolean> {
  for (const deadline = Date.now() + waitMs; Date.now() < deadline; ) {
    try {
      if (await api(gateway, 'GET', '/overview', undefined, 2000)) return true;
    } catch {
      /* booting */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * The apply's reload: without the portal's configuration (the first change undone) the node stops. Otherwise the
 * API's administrator is created once (a random password in `adminPath`, given to the node's first boot), the node
 * starts — or restarts when `rabbitmq.conf` changed since it started (the broker reads it only then) — and the
 * virtual hosts, users and permissions are brought in line with the definitions file through the API.
 */
export async function reload(gateway: ServerGateway): Promise<CheckOutcome> {
  const tool = 'rabbitmq-server';
  const control = gateway.service('rabbitmq');
  const conf = await gateway.readFile(configPath);
  if (conf === null) {
    await stopAndWait(gateway);
    return { status: 'passed', tool, output: 'no configuration: stopped' };
  }
  if (!(await gateway.readFile(adminPath)))
    await gateway.writeFile({ path: adminPath, content: `${JSON.stringify({ password: crypto.randomBytes(24).toString('base64url') })}\n`, mode: 0o600 });
  const before = JSON.parse((await gateway.readFile(managedPath)) ?? '{"vhosts":[],"users":[]}') as Managed;
  const out: string[] = [];
  const running = (await control.status()).state === 'running';
  if (running && before.configHash !== sha(conf)) {
    await stopAndWait(gateway);
    out.push('stopped (configuration changed)');
  }
  if ((await control.status()).state !== 'running') {
    const started = await control.reload();
    if (started.status !== 'passed') return started;
    out.push('started');
  }
  if (!(await ready(gateway))) return { status: 'failed', tool, output: 'the management API did not answer within 60 s' };
  try {
    const wanted = JSON.parse((await gateway.readFile(definitionsPath)) ?? '{"vhosts":[],"users":[],"permissions":[]}') as Definitions;
    const r = await reconcile(gateway, wanted, before);
    await gateway.writeFile({ path: managedPath, content: `${JSON.stringify({ ...r.managed, configHash: sha(conf) })}\n`, mode: 0o600 });
    out.push(
      ...r.log,
      `${wanted.vhosts.length} virtual hosts, ${wanted.users.length} users, ${wanted.permissions.length} permissions, ${wanted.policies?.length ?? 0} policies, ${wanted.exchanges?.length ?? 0} exchanges, ${wanted.bindings?.length ?? 0} bindings in line`,
    );
    return { status: 'passed', tool, output: out.join('\n') };
  } catch (e) {
    return { status: 'failed', tool, output: (e as Error).message.slice(0, 2000) };
  }
}

/**
 * Stops the node and waits until it has ended: the broker removes its pid file as soon as it begins to shut down,
 * while the Erlang VM takes seconds more — it has ended when its epmd no longer lists it (`epmd -names`), and only
 * then can a new node take its name and distribution port.
 */
export async function stopAndWait(gateway: Pick<ServerGateway, 'service' | 'run' | 'listenAddress'>, waitMs = 30_000): Promise<void> {
  await gateway.service('rabbitmq').stop();
  const port = String((await gateway.listenAddress('rabbitmq-epmd', defaultPorts.epmd)).port);
  for (const deadline = Date.now() + waitMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const r = await gateway.run({ tool: 'epmd', args: ['-port', port, '-names'], timeoutMs: 5000 });
    if (r.exitCode !== 0 || !/^name rabbit at port/m.test(r.stdout)) return;
  }
}

export interface QueueRow {
  vhost: string;
  name: string;
  type?: string;
  durable?: boolean;
  messages?: number;
  messages_ready?: number;
  messages_unacknowledged?: number;
  consumers?: number;
  policy?: string | null;
  message_stats?: { publish_details?: { rate?: number }; deliver_get_details?: { rate?: number } };
}

/** The queues (of one virtual host), at most 500; `undefined` while the broker does not answer. */
export async function queues(gateway: Gateway, vhost?: string) {
  const columns = 'vhost,name,type,durable,messages,messages_ready,messages_unacknowledged,consumers,policy,message_stats';
  let rows: QueueRow[] | undefined;
  try {
    rows = await api<QueueRow[]>(gateway, 'GET', `/queues${vhost ? `/${seg(vhost)}` : ''}?columns=${columns}`);
  } catch (e) {
    if (e instanceof BrokerError && /: 404 /.test(e.message)) return [];
    return undefined;
  }
  if (!rows) return undefined;
  const rate = (r?: { rate?: number }) => (typeof r?.rate === 'number' ? Math.max(0, Math.round(r.rate * 10) / 10) : null);
  return rows.slice(0, 500).map((q) => ({
    vhost: q.vhost.slice(0, 64),
    name: q.name.slice(0, 255),
    type: (q.type ?? 'classic').slice(0, 16),
    durable: !!q.durable,
    messages: q.messages ?? 0,
    messagesReady: q.messages_ready ?? 0,
    messagesUnacknowledged: q.messages_unacknowledged ?? 0,
    consumers: q.consumers ?? 0,
    policy: q.policy ? q.policy.slice(0, 255) : null,
    publishRate: rate(q.message_stats?.publish_details),
    deliverRate: rate(q.message_stats?.deliver_get_details),
  }));
}
