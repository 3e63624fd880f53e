/**
 * Authorization matrix, generated from the contract (issue 8): every operation × every persona. The
 * expected answer comes from what the operation declares — `security` (public or not), `x-access` (who
 * may call it), `x-token-area` and `x-session-only` (what a personal access token may call) — so a new
 * operation is covered without anyone writing a test. An unexpected 2xx, a wrong refusal, any 5xx or a
 * body carrying another customer's data fails. Socket rooms follow the same rules.
 *
 * A persona the policy allows is only sent safe (GET) requests here: the functional tests prove that the
 * allowed writes work; this suite proves that nobody else gets through.
 *
 * Plugin operations (issue 24 §4) all pass the same host wrapper (`ManagedCenter#pluginOperation`: the router's
 * token checks from `x-token-area`, then `authorize` of the cluster and server): the full persona matrix runs
 * for one exemplar plugin's operations (its own and the host's apply/files), a contract check requires every
 * other plugin operation to declare exactly what the exemplar's do, and each of them is sent one request by a
 * persona the wrapper must refuse — so a new module adds one request per operation, not one per persona.
 */
import { ClusterAdministrator, managedCustomerIds, visibleClusterIds } from '@portal/core/clusters';
import { User } from '@portal/core/accounts';
import { demoPartners, Partner, partnersOf } from '@portal/core/partner';
import { demoStaff } from '@portal/core/seed';
import type { Socket } from 'socket.io-client';
import type { TestClient, TestResponse } from '../testing.ts';
import { pluginRegistry } from '../generated/plugins.ts';
import { contract, contractOperations, fillPath, resolve, sampleValue, satisfies, type ContractOperation, type Json } from './contract.ts';
import { demoLogins, startSuite, type ClusterInfo, type Suite } from './harness.ts';


interface Persona {
  name: string;
  kind: 'anonymous' | 'session' | 'token';
  client: TestClient;
  /** Whose rights count (the token's owner, the impersonated user). */
  email?: string;
  staff?: boolean;
  token?: string;
  abilities?: string[];
  tokenState?: 'live' | 'expired' | 'deleted';
}

interface Relation {
  customers: Set<number>;
  visibleClusters: Set<number>;
  administrated: Set<number>;
  /** Partners the user belongs to (partner manager or authorised user). */
  partners: Set<number>;
}

type Expectation = { allow: true } | { allow: false; statuses: number[]; message?: string; why: string };

let suite: Suite;
const personas: Persona[] = [];
const relations = new Map<string, Relation>();
const operations = contractOperations();
/** The Managed Center section of a plugin operation: `/clusters/{clusterId}/servers/{serverId}/<plugin>/…`. */
const pluginSection = /^\/api\/v1\/clusters\/\{clusterId\}\/servers\/\{serverId\}\/([a-z][a-z0-9-]*)(\/|$)/;
const pluginIds = new Set(pluginRegistry.map((p) => p.id));
const pluginOf = (op: ContractOperation): string | undefined => {
  const id = pluginSection.exec(op.path)?.[1];
  return id && pluginIds.has(id) ? id : undefined;
};
/** The plugin whose operations stand for all plugin operations in the persona matrix (resources, files, apply). */
const exemplarPlugin = 'cronjobs';
const pluginOperations = operations.filter((op) => pluginOf(op));
const matrixOperations = operations.filter((op) => !pluginOf(op) || pluginOf(op) === exemplarPlugin);
let shop: ClusterInfo;
let staging: ClusterInfo;
let mediathek: ClusterInfo;
let bakery: ClusterInfo;
/** The demo partner (partner@demo.example's) named in `{partnerId}`. */
let demoPartnerId: number;

beforeAll(async () => {
  // Starting the suite (portal, personas, their sessions and tokens) takes longer than a test on a loaded machine.
  suite = await startSuite();
  shop = suite.clusters.get('20011')!;
  staging = suite.clusters.get('20012')!;
  mediathek = suite.clusters.get('20021')!;
  bakery = suite.clusters.get('20031')!;
  const em = suite.server.db.orm.em.fork();
  for (const email of [demoLogins.manager, demoLogins.admin, demoLogins.partner, demoLogins.other, demoStaff.email]) {
    const user = await em.findOneOrFail(User, { email });
    const admins = await em.find(ClusterAdministrator, { user: user.id });
    relations.set(email, {
      customers: new Set(await managedCustomerIds(em, user.id)),
      visibleClusters: new Set(await visibleClusterIds(em, user.id)),
      administrated: new Set(admins.map((a) => (a.cluster as unknown as { id: number }).id)),
      partners: new Set((await partnersOf(em, user.id)).map((a) => a.partner.id)),
    });
  }
  demoPartnerId = (await em.findOneOrFail(Partner, { number: demoPartners.activeNumber })).id;
  const anonymous = suite.server.client();
  personas.push({ name: 'anonymous', kind: 'anonymous', client: anonymous });
  for (const [name, email] of [
    ['manager', demoLogins.manager],
    ['administrator', demoLogins.admin],
    ['partner', demoLogins.partner],
    ['manager of another customer', demoLogins.other],
  ] as const)
    personas.push({ name, kind: 'session', client: await suite.signIn(email), email });
  personas.push({ name: 'staff', kind: 'session', client: await suite.signInStaff(), email: demoStaff.email, staff: true });
  personas.push({ name: 'staff impersonating the manager', kind: 'session', client: await suite.impersonate(demoLogins.manager), email: demoLogins.manager });
  const tokens: [string, string[], ('live' | 'expired' | 'deleted')?][] = [
    ['token *', ['*']],
    ['token clusters:*', ['clusters:*']],
    ['token cluster:<other>', [`cluster:${staging.id}`]],
    ['token profile', ['profile']],
    ['token accounting', ['accounting']],
    ['expired token *', ['*'], 'expired'],
    ['deleted token *', ['*'], 'deleted'],
  ];
  for (const [name, abilities, state] of tokens)
    personas.push({
      name,
      kind: 'token',
      client: suite.server.client(),
      email: demoLogins.manager,
      token: await suite.token(demoLogins.manager, abilities, state),
      abilities,
      tokenState: state ?? 'live',
    });
  await suite.resetRateLimits();
}, 300_000);

afterAll(async () => {
  await suite?.stop();
});

/** The clusters a persona's credential reaches (a token may be limited to some). */
function reachableClusters(p: Persona): Set<number> {
  const rel = p.email ? relations.get(p.email)! : undefined;
  if (!rel) return new Set();
  if (p.kind !== 'token' || p.abilities!.includes('*') || p.abilities!.includes('clusters:*')) return rel.visibleClusters;
  return new Set([...rel.visibleClusters].filter((id) => p.abilities!.includes(`cluster:${id}`)));
}

/** What the contract says this persona gets for this operation on this cluster. */
function expectation(op: ContractOperation, p: Persona, target: ClusterInfo): Expectation {
  const deny = (statuses: number[], why: string, message?: string): Expectation => ({ allow: false, statuses, why, message });
  if (p.kind === 'token' && p.tokenState !== 'live') return deny([401], 'expired or deleted token', 'errors.token_invalid');
  if (op.access === 'public' && p.kind !== 'token') return { allow: true };
  if (p.kind === 'anonymous') return deny([401], 'not signed in');
  if (p.kind === 'token') {
    const a = p.abilities!;
    const area = op.op['x-token-area'] as string | undefined;
    if (op.op['x-session-only'] === true) return deny([403], 'x-session-only', 'errors.token_not_allowed');
    if (op.access === 'public') return { allow: true };
    if (!area) return deny([403], 'no x-token-area', 'errors.token_not_allowed');
    if (area !== 'clusters' && !a.includes('*') && !a.includes(area)) return deny([403], `token lacks ${area}`, 'errors.token_not_allowed');
    if (area === 'clusters' && !a.some((x) => x === '*' || x === 'clusters:*' || x.startsWith('cluster:')))
      return deny([403], 'token reaches no cluster', 'errors.token_not_allowed');
    if (area === 'clusters' && op.path.includes('{clusterId}') && !reachableClusters(p).has(target.id) && relations.get(p.email!)!.visibleClusters.has(target.id))
      return deny([403], 'token does not reach this cluster', 'errors.token_not_allowed');
  }
  const rel = relations.get(p.email!)!;
  switch (op.access) {
    case 'user':
      return { allow: true };
    case 'staff':
      return p.staff ? { allow: true } : deny([403], 'staff only');
    case 'cluster':
      return reachableClusters(p).has(target.id) ? { allow: true } : deny([403, 404], 'not a manager or administrator of the cluster');
    case 'cluster-administrator':
      return rel.administrated.has(target.id) && reachableClusters(p).has(target.id) ? { allow: true } : deny([403, 404], 'not an administrator of the cluster');
    case 'partner':
      return (op.path.includes('{partnerId}') ? rel.partners.has(demoPartnerId) : rel.partners.size > 0)
        ? { allow: true }
        : deny([404], 'not a member of the partner', 'errors.partner_not_found');
    default:
      return { allow: true };
  }
}

/**
 * Text that gives away data the persona must not see: clusters its credential does not reach (for a
 * token limited to some clusters, in the clusters area) and customers it has no relation to.
 */
function forbiddenMarkers(p: Persona, op: ContractOperation): string[] {
  const reachable = op.op['x-token-area'] === 'clusters' ? reachableClusters(p) : p.email ? relations.get(p.email)!.visibleClusters : new Set<number>();
  const rel = p.email ? relations.get(p.email) : undefined;
  const markers: string[] = [];
  for (const c of suite.clusters.values()) {
    if (!reachable.has(c.id)) markers.push(c.name, `.c${c.number}.`);
    const related = rel && (rel.customers.has(c.customerId) || [...rel.visibleClusters].some((id) => [...suite.clusters.values()].find((x) => x.id === id)?.customerId === c.customerId));
    if (!related) markers.push(c.company);
  }
  return [...new Set(markers)];
}

function request(op: ContractOperation, p: Persona, target: ClusterInfo): Promise<TestResponse> {
  const service = op.path.match(/\{serverId\}\/([a-z]+)/)?.[1];
  const path = fillPath(op, { clusterId: target.id, serverId: (service && target.serverFor.get(service)) ?? target.anyServer, partnerId: demoPartnerId });
  const query = op.queryParams
    .filter((q) => q.required)
    .map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(String(sampleValue(q.schema)))}`)
    .join('&');
  const url = query ? `${path}?${query}` : path;
  const body = op.body ? sampleValue(op.body) : undefined;
  const headers: Record<string, string> = p.token ? { Authorization: `Bearer ${p.token}` } : {};
  return p.client.request(op.method.toUpperCase(), url, body, headers);
}

const figures = { checked: 0, executed: 0, notExecutedAllowedWrites: 0 };

/** Sends one operation as one persona and records what contradicts the contract (see the file's comment). */
async function check(op: ContractOperation, p: Persona, target: ClusterInfo, failures: string[]): Promise<TestResponse | undefined> {
  figures.checked++;
  const expected = expectation(op, p, target);
  if (expected.allow && op.method !== 'get') {
    figures.notExecutedAllowedWrites++;
    return undefined;
  }
  figures.executed++;
  const res = await request(op, p, target);
  const where = `${op.id} as ${p.name} on ${target.number}`;
  const text = JSON.stringify(res.body ?? '');
  if (res.status >= 500) failures.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
  if (res.status >= 200 && res.status < 300)
    for (const marker of forbiddenMarkers(p, op)) if (text.includes(marker)) failures.push(`${where}: answer contains "${marker}" of another customer`);
  if (expected.allow) {
    if (res.status === 401 || (res.status === 403 && ['errors.token_not_allowed', 'errors.managed_administrators_only', 'errors.staff_only'].includes(res.body?.error?.message)))
      failures.push(`${where}: allowed by the contract but refused with ${res.status} ${res.body?.error?.message}`);
  } else {
    const bodyValid = !op.body || satisfies(op.body, sampleValue(op.body));
    const ok = expected.statuses.includes(res.status) || (!bodyValid && res.status === 422 && expected.statuses[0] !== 401);
    if (!ok) failures.push(`${where}: expected ${expected.statuses.join('/')} (${expected.why}), got ${res.status} ${text.slice(0, 160)}`);
    else if (expected.message && res.status === expected.statuses[0] && res.body?.error?.message !== expected.message)
      failures.push(`${where}: expected ${expected.message}, got ${res.body?.error?.message}`);
  }
  if (figures.executed % 150 === 0) await suite.resetRateLimits();
  return res;
}

describe('authorization matrix (issue 8): every operation of the contract × every persona', () => {
  it('R6.009 every operation declares who may call it', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) expect(['public', 'user', 'cluster', 'cluster-administrator', 'staff', 'partner']).toContain(op.access);
  });

  it('R6.009 nobody gets more than the contract declares; refusals are the declared ones; no 5xx; no foreign data (plugin operations: the exemplar\'s)', async () => {
    const cases: [Persona, ClusterInfo][] = [];
    for (const p of personas) {
      cases.push([p, shop]);
      // The same roles on another customer's cluster: a manager/administrator of the right customer and of another one.
      if (p.kind === 'session' && (p.email === demoLogins.manager || p.email === demoLogins.admin)) cases.push([p, p.email === demoLogins.manager ? bakery : mediathek]);
      if (p.email === demoLogins.partner) cases.push([p, mediathek]);
    }
    expect(matrixOperations.filter((op) => pluginOf(op) === exemplarPlugin).length).toBeGreaterThan(4);
    const failures: string[] = [];
    for (const op of matrixOperations) for (const [p, target] of cases) await check(op, p, target, failures);
    process.stdout.write(
      `authorization matrix: ${matrixOperations.length} operations × ${cases.length} persona/cluster pairs = ${figures.checked} checks, ${figures.executed} requests sent, ${figures.notExecutedAllowedWrites} allowed writes left to the functional tests\n`,
    );
    expect(failures).toEqual([]);
    // Thousands of requests: a loaded machine (load 18 in session 11) took more than the default 2 minutes.
  }, 600_000);
});

describe('plugin operations: one host wrapper, declared alike (issue 24)', () => {
  const declarations = (op: ContractOperation) => ({
    access: op.access,
    tokenArea: op.op['x-token-area'],
    sessionOnly: op.op['x-session-only'] ?? false,
    security: op.op.security ?? contract.security,
  });

  it('every plugin operation declares the access of the exemplar\'s (x-access, x-token-area, no x-session-only, not public), so the matrix result carries over', () => {
    const exemplar = pluginOperations.filter((op) => pluginOf(op) === exemplarPlugin).map(declarations);
    expect(exemplar.length).toBeGreaterThan(4);
    // The exemplar's operations are declared alike themselves: one declaration stands for all.
    expect(exemplar.every((d) => JSON.stringify(d) === JSON.stringify(exemplar[0]))).toBe(true);
    expect(exemplar[0]).toMatchObject({ access: 'cluster-administrator', tokenArea: 'clusters', sessionOnly: false });
    const differing = pluginOperations.filter((op) => JSON.stringify(declarations(op)) !== JSON.stringify(exemplar[0])).map((op) => `${op.id}: ${JSON.stringify(declarations(op))}`);
    expect(differing).toEqual([]);
    // Every plugin of the registry is covered: its operations are in its own section.
    for (const plugin of pluginRegistry) for (const id of plugin.operations) expect([id, pluginOf(operations.find((o) => o.id === id)!)]).toEqual([id, plugin.id]);
  });

  it('every id a plugin operation takes in its body declares where its values come from (x-references: a list operation), so the other-tenant check reaches it', () => {
    const missing: string[] = [];
    const byId = new Map(operations.map((o) => [o.id, o]));
    for (const op of pluginOperations) {
      for (const [name, propIn] of Object.entries<Json>(resolve(op.body)?.properties ?? {})) {
        const prop = resolve(propIn);
        const ref = prop['x-references'];
        const types: unknown[] = [].concat(prop.type ?? []);
        if (ref === undefined && types.includes('integer') && /Id$/.test(name)) missing.push(`${op.id} body ${name}: no x-references`);
        if (ref !== undefined && byId.get(ref)?.method !== 'get') missing.push(`${op.id} body ${name}: x-references ${ref} is not a list operation`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every plugin operation outside the exemplar is refused by the host wrapper to the manager of another customer (one request each)', async () => {
    // The wrapper's own check (`authorize`): signed in and the token area passed, but the cluster is not the caller's.
    const outsider = personas.find((p) => p.kind === 'session' && p.email === demoLogins.other)!;
    expect(relations.get(outsider.email!)!.visibleClusters.has(shop.id)).toBe(false);
    const failures: string[] = [];
    const others = pluginOperations.filter((op) => pluginOf(op) !== exemplarPlugin);
    for (const op of others) {
      expect([op.id, expectation(op, outsider, shop).allow]).toEqual([op.id, false]);
      const res = await check(op, outsider, shop, failures);
      // The wrapper's refusal itself, unless the sample body is refused before any handler runs.
      const bodyValid = !op.body || satisfies(op.body, sampleValue(op.body));
      if (bodyValid && (res?.status !== 404 || res.body?.error?.message !== 'errors.cluster_not_found'))
        failures.push(`${op.id}: expected the wrapper's 404 errors.cluster_not_found, got ${res?.status} ${JSON.stringify(res?.body).slice(0, 160)}`);
    }
    process.stdout.write(`plugin operations outside the exemplar: ${others.length} requests as ${outsider.name}\n`);
    expect(failures).toEqual([]);
  });
});

describe('routing is case-sensitive (issue 8, defect 3)', () => {
  // Routing used to ignore case, so /API/V1/… reached operations past the checks that looked for "/api/".
  it('a case-variant path (/API/V1/…) is 404 for every operation (defect 3)', async () => {
    const manager = personas.find((p) => p.name === 'manager')!;
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.method === 'get')) {
      const res = await request({ ...op, path: op.path.replace(/^\/api\//, '/API/').replace('/v1/', '/V1/') }, manager, shop);
      if (res.status !== 404) wrong.push(`${op.id}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  // Issue 8, defect 10 (pagination totals for cluster-limited tokens): holds on this branch for the demo data; kept as a guard.
  it('a token limited to one cluster gets totals of what it reaches (defect 10)', async () => {
    const limited = personas.find((p) => p.name === 'token cluster:<other>')!;
    const res = await limited.client.request('GET', '/api/v1/clusters', undefined, { Authorization: `Bearer ${limited.token}` });
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(res.body.data.length);
  });
});

describe('socket rooms follow the same rules', () => {
  const received = (s: Socket, type: string): string[] => {
    const got: string[] = [];
    s.on(type, (e: { payload: { tag: string } }) => got.push(e.payload.tag));
    return got;
  };

  it('joining another customer\'s cluster or server room is refused; events reach only those entitled', async () => {
    const sessions = personas.filter((p) => p.kind === 'session');
    const sockets: { p: Persona; s: Socket; got: string[]; joined: boolean }[] = [];
    for (const p of sessions) {
      const s = await suite.socket(p.client);
      const server = shop.serverFor.get('nginx')!;
      const ack = (await s.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: server })) as { ok: boolean; error?: string };
      const mayJoin = relations.get(p.email!)!.administrated.has(shop.id);
      expect([p.name, ack.ok]).toEqual([p.name, mayJoin]);
      sockets.push({ p, s, got: received(s, 'suite.probe'), joined: ack.ok });
    }
    // A socket that is not signed in is not admitted at all.
    await expect(suite.socket(suite.server.client())).rejects.toThrow();
    const serverId = shop.serverFor.get('nginx')!;
    await suite.server.deps.events.publish('suite.probe', { tag: 'cluster' }, { clusters: [shop.id] });
    await suite.server.deps.events.publish('suite.probe', { tag: 'customer' }, { customers: [shop.customerId] });
    await suite.server.deps.events.publish('suite.probe', { tag: 'server' }, { servers: [serverId] });
    await new Promise((r) => setTimeout(r, 300));
    for (const { p, s, got, joined } of sockets) {
      const rel = relations.get(p.email!)!;
      const expected = [
        ...(rel.visibleClusters.has(shop.id) ? ['cluster'] : []),
        ...(rel.customers.has(shop.customerId) ? ['customer'] : []),
        ...(joined ? ['server'] : []),
      ];
      expect([p.name, [...got].sort()]).toEqual([p.name, expected.sort()]);
      s.disconnect();
    }
  });
});

/**
 * Another tenant's ids (issue 31, walk finding 1): the administrator of 20011 (customer 10001) sends every
 * operation of a server section ids that belong to a server of customer 10003 — in the path, in the
 * query and in every body property that declares where its values come from (`x-references: <list
 * operation>`). Generated from the contract: an integer id parameter of a server section that cannot be
 * resolved here fails the test, so a new one cannot be forgotten.
 */
describe('ids of another tenant (issue 31)', () => {
  const serverSection = /^\/api\/v1\/clusters\/\{clusterId\}\/servers\/\{serverId\}\/([a-z][a-z0-9-]*)/;
  const scopeIds = new Set(['clusterId', 'serverId']);
  const isIdParam = (p: { name: string; schema: { type?: unknown } }) => !scopeIds.has(p.name) && p.schema?.type === 'integer' && /Id$/.test(p.name);
  type Tenant = { client: TestClient; cluster: ClusterInfo };
  const serverOf = (t: Tenant, op: ContractOperation) => {
    const section = serverSection.exec(op.path)![1];
    return t.cluster.serverFor.get(section) ?? t.cluster.anyServer;
  };
  /** The `x-references` of each top-level body property: which list operation its values come from. */
  const references = (op: ContractOperation): [string, string][] => {
    const body = resolve(op.body);
    return Object.entries<Json>(body?.properties ?? {}).flatMap(([name, prop]) => (resolve(prop)['x-references'] ? [[name, resolve(prop)['x-references'] as string]] : []));
  };
  const byId = new Map(operations.map((o) => [o.id, o]));
  /** Bodies that the plugin's own rules accept where the contract's sample does not (so the id check is what answers). */
  const validBodies: Record<string, Record<string, unknown>> = {
    updateDnsZone: { defaultTtl: 3600, primaryNs: 'ns1.managed-hosting.example', hostmaster: 'hostmaster@example.com', refresh: 7200, retry: 900, expire: 1209600, minimum: 300 },
    createNginxRedirect: { source: '/issue-31', target: '/', code: 301 },
    createNginxAuthentication: { path: '/issue-31/', realm: 'Issue 31', users: [{ name: 'issue31', password: 'long enough password' }] },
    createApacheRedirect: { source: '/issue-31', target: '/', code: 301 },
    createApacheAuthentication: { path: '/issue-31/', realm: 'Issue 31', users: [{ name: 'issue31', password: 'long enough password' }] },
  };
  const listIds = async (t: Tenant, list: ContractOperation, values: Record<string, number>, key: (item: Json) => unknown = (i) => i.id): Promise<unknown[]> => {
    const r = await t.client.get(fillPath(list, { clusterId: t.cluster.id, serverId: serverOf(t, list), ...values }));
    if (r.status !== 200) throw new Error(`${list.id} as ${t.cluster.number}: ${r.status}`);
    return ((r.body?.data ?? []) as Json[]).map(key);
  };

  /** An id of each kind on a tenant's server: from the section's list at the parameter's path prefix, or how the kind is reached otherwise. */
  const idOf = async (t: Tenant, op: ContractOperation, param: string, known: Record<string, number>): Promise<number | undefined> => {
    // A query parameter (`?vhostId=`) names what a path parameter of the same name names elsewhere.
    const at = op.path.includes(`/{${param}}`) ? op : operations.find((o) => serverSection.test(o.path) && o.path.includes(`/{${param}}`));
    if (!at) return undefined;
    if (at !== op) return idOf(t, at, param, known);
    const prefix = op.path.slice(0, op.path.indexOf(`/{${param}}`));
    const list = operations.find((o) => o.method === 'get' && o.path === prefix && o.queryParams.every((q) => !q.required));
    if (list) {
      const found = (await listIds(t, list, known))[0] as number | undefined;
      if (found !== undefined) return found;
      // None on the tenant's server yet: the tenant creates one (its own references filled in).
      const create = operations.find((o) => o.method === 'post' && o.path === prefix && o.body);
      if (!create) return undefined;
      const body = { ...(sampleValue(create.body) as object), ...validBodies[create.id] } as Record<string, unknown>;
      for (const [name, refList] of references(create)) body[name] = (await listIds(t, byId.get(refList)!, {}))[0];
      const r = await t.client.request('POST', fillPath(create, { clusterId: t.cluster.id, serverId: serverOf(t, create), ...known }), body);
      if (r.status >= 300) throw new Error(`${create.id} as ${t.cluster.number}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      return r.body?.id;
    }
    if (param === 'reportId') {
      // Reports (§2 `report/{reportId}`) are listed at `…/reports`, where a run starts a new one.
      const reports = operations.find((o) => o.method === 'get' && o.path === `${prefix}s`);
      const found = reports && ((await listIds(t, reports, known))[0] as number | undefined);
      if (found !== undefined) return found;
      const run = operations.find((o) => o.method === 'post' && o.path === `${prefix}s`);
      if (!run) return undefined;
      const r = await t.client.request('POST', fillPath(run, { clusterId: t.cluster.id, serverId: serverOf(t, run), ...known }), validBodies[run.id]);
      if (r.status >= 300) throw new Error(`${run.id} as ${t.cluster.number}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      return r.body?.id;
    }
    if (param === 'recordId') {
      const zone = byId.get('getDnsZone')!;
      const r = await t.client.get(fillPath(zone, { clusterId: t.cluster.id, serverId: serverOf(t, zone), ...known }));
      return r.body?.records?.[0]?.id;
    }
    if (param === 'jobId') {
      // A job of the tenant's server: its own "apply now".
      const apply = operations.find((o) => o.method === 'post' && o.id === 'applyNginxConfig')!;
      const r = await t.client.request('POST', fillPath(apply, { clusterId: t.cluster.id, serverId: serverOf(t, apply) }));
      return r.body?.id;
    }
    return undefined;
  };

  it('R6.004 every id of another customer is refused: path, query and referenced body fields (404, or 422 on the field); lists offer none of them', async () => {
    const em = suite.server.db.orm.em.fork();
    const otherUser = await em.findOneOrFail(User, { email: demoLogins.other });
    if (!(await em.count(ClusterAdministrator, { cluster: bakery.id, user: otherUser.id }))) {
      em.create(ClusterAdministrator, { cluster: bakery.id, user: otherUser.id } as never);
      await em.flush();
    }
    await suite.resetRateLimits();
    const attacker: Tenant = { client: await suite.signIn(demoLogins.admin), cluster: shop };
    const victim: Tenant = { client: await suite.signIn(demoLogins.other), cluster: bakery };
    const failures: string[] = [];
    const checked: string[] = [];
    const sectionOps = operations.filter((o) => serverSection.test(o.path));

    // Lists that a body field takes its values from offer only the tenant's own.
    for (const list of new Set(sectionOps.flatMap((op) => references(op).map(([, l]) => l)))) {
      const op = byId.get(list)!;
      const own = new Set(await listIds(attacker, op, {}));
      const foreign = await listIds(victim, op, {});
      for (const id of foreign) if (own.has(id)) failures.push(`${list} on ${shop.number} offers ${String(id)} of customer ${bakery.customerNumber}`);
      checked.push(`${list} (list)`);
    }

    for (const op of sectionOps) {
      const idParams = [...op.pathParams.filter(isIdParam).map((p) => ({ ...p, in: 'path' as const })), ...op.queryParams.filter(isIdParam).map((p) => ({ ...p, in: 'query' as const }))];
      const refs = references(op);
      if (!idParams.length && !refs.length) continue;
      // Own and foreign values, in path order (a nested id is listed under its parent).
      const own: Record<string, number> = {};
      const foreign: Record<string, number> = {};
      for (const p of idParams) {
        const [o, f] = [await idOf(attacker, op, p.name, own), await idOf(victim, op, p.name, foreign)];
        if (f === undefined) {
          failures.push(`${op.id}: no id of ${p.name} found on ${bakery.number} (declare how to reach it in this test)`);
          continue;
        }
        own[p.name] = o ?? f + 100000;
        foreign[p.name] = f;
      }
      const bodyFor = (over: Record<string, unknown> = {}) => (op.body ? { ...(sampleValue(op.body) as object), ...validBodies[op.id], ...over } : undefined);
      const ownBody: Record<string, unknown> = {};
      for (const [name, list] of refs) {
        const ids = await listIds(attacker, byId.get(list)!, {});
        if (ids.length) ownBody[name] = ids[0];
      }
      const send = (path: Record<string, number>, body?: unknown) => {
        const query = op.queryParams.filter((q) => path[q.name] !== undefined).map((q) => `${q.name}=${path[q.name]}`);
        // Other required query parameters (a search's words) with a sample value, so the id is what is refused.
        for (const q of op.queryParams.filter((q) => q.required && path[q.name] === undefined))
          query.push(`${encodeURIComponent(q.name)}=${encodeURIComponent(String(sampleValue(q.schema)))}`);
        const url = fillPath(op, { clusterId: shop.id, serverId: serverOf(attacker, op), ...path }) + (query.length ? `?${query.join('&')}` : '');
        return attacker.client.request(op.method.toUpperCase(), url, body);
      };
      for (const p of idParams) {
        if (foreign[p.name] === undefined) continue;
        const res = await send({ ...own, [p.name]: foreign[p.name] }, bodyFor(ownBody));
        const where = `${op.id} with ${p.name}=${foreign[p.name]} of ${bakery.number} (${p.in})`;
        checked.push(where);
        const emptyList = p.in === 'query' && res.status === 200 && Array.isArray(res.body?.data) && res.body.data.length === 0;
        if (res.status !== 404 && !emptyList) failures.push(`${where}: expected 404${p.in === 'query' ? ' or an empty list' : ''}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
      for (const [name, list] of refs) {
        const ownIds = new Set(await listIds(attacker, byId.get(list)!, {}));
        const foreignId = (await listIds(victim, byId.get(list)!, {})).find((id) => !ownIds.has(id));
        if (foreignId === undefined) {
          failures.push(`${op.id}: no value of ${name} (${list}) found on ${bakery.number}`);
          continue;
        }
        const res = await send(own, bodyFor({ ...ownBody, [name]: foreignId }));
        const where = `${op.id} with body ${name}=${String(foreignId)} of ${bakery.number}`;
        checked.push(where);
        const refused = res.status === 404 || (res.status === 422 && res.body?.error?.fields?.[name]?.length > 0);
        if (!refused) failures.push(`${where}: expected 404 or 422 on ${name}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    process.stdout.write(`ids of another tenant: ${checked.length} checks\n${checked.map((c) => `  ${c}`).join('\n')}\n`);
    expect(checked.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    // Thousands of requests: a loaded machine (load 18 in session 11) took more than the default 2 minutes.
  }, 600_000);
});

describe('secrets in logs', () => {
  it('no password, token, code, secret or session id the suite used appears in a log line', () => {
    expect(suite.logs.lines.length).toBeGreaterThan(0);
    expect(suite.logs.leaks()).toEqual([]);
  });
});
