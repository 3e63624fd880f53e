/**
 * `@portal/plugin-sdk/testing`: a plugin's integration tests against the real portal, in one call.
 *
 * `startPluginPortal(() => import('../plugin.ts'))` starts the real BFF over a test database of its own
 * (PostgreSQL when `DATABASE_URL` is set, PGlite otherwise) with the demo data and the plugin's fixtures,
 * loads this plugin alone, signs in the demo administrator, picks a seeded server that runs the plugin's
 * service and hands out an API client typed by the plugin's operations. See docs/plugins.md, Testing.
 *
 * This is the one place on the plugins' side that reaches the BFF (eslint.config.js, Boundaries): plugin
 * tests import from here (and `@portal/core/testing`), never from `@portal/bff` or core's modules.
 */
import { createTestServer, loadContract, type PluginRegistryEntry, type TestClient, type TestResponse, type TestServer } from '@portal/bff/testing';
import { User } from '@portal/core/accounts';
import { Cluster, ClusterAdministrator, Server } from '@portal/core/clusters';
import { demoLogins } from '@portal/core/seed';
import type { BodyOf, ErrorResponse, OperationId, operations, PathOf, QueryOf, ResponseOf } from '@portal/openapi';
import type { PluginManifest } from '../index.ts';

export { hasProgram } from './programs.ts';
export { letOthersTraverse } from './traverse.ts';
export { startRecordedEngine, type RecordedEngine, type RecordedResponse, type RecordedRoutes } from '../search/recorded.ts';

/* What a plugin's tests may use of the host, re-exported so they need no other import. */
export { createTestServer, LocalGateway, TestClient, type LocalGatewayOptions, type TestResponse, type TestServer } from '@portal/bff/testing';
export { createTestDatabase, type TestDatabase } from '@portal/core/testing';
export { demoLogins, demoPassword } from '@portal/core/seed';
export { User } from '@portal/core/accounts';
export { Cluster, ClusterAdministrator, Server } from '@portal/core/clusters';
/** A plugin's scoped database port over an EntityManager of a test database (unit tests of code that takes `PluginDatabase`). */
export { pluginDatabase } from '@portal/core/managed';
export { loadContract };

/** A server of the demo data as `GET /api/v1/clusters/{clusterId}` lists it. */
export interface SeededServer {
  id: number;
  name: string;
  role: string;
  services: string[];
}

/** A cluster of the demo data as `GET /api/v1/clusters/{clusterId}` returns it (the fields tests use). */
export interface SeededCluster {
  id: number;
  number: string;
  servers: SeededServer[];
}

export interface PluginPortalOptions {
  /** The cluster (its number, e.g. `20011`) to pick the server from; default: the administrator's clusters in list order. */
  cluster?: string;
  /** Which server to pick; default: the first that runs one of the plugin's services. */
  server?: (server: SeededServer) => boolean;
  /** Load every plugin of the repository (and serve the whole contract) instead of this plugin alone. */
  allPlugins?: boolean;
  /** Seed the plugins' demo fixtures (default true). */
  fixtures?: boolean;
  /** Extra environment for the portal's configuration (e.g. `{ SMTP_URL: … }`). */
  env?: Record<string, string>;
}

/** The response of a typed call: the 2xx body as the contract declares it, and the error body on failure. */
export interface ApiResponse<Op extends OperationId> {
  status: number;
  headers: Headers;
  body: [ResponseOf<Op>] extends [never] ? (Partial<ErrorResponse> | undefined) : ResponseOf<Op> & Partial<ErrorResponse>;
}

/** Whether an operation requires a request body. */
type NeedsBody<Op extends OperationId> = operations[Op] extends { requestBody: object } ? true : false;

type Args<Op extends OperationId> = {
  /** Path parameters; `clusterId` and `serverId` default to the picked server. */
  path?: Partial<PathOf<Op>>;
  query?: QueryOf<Op>;
  /** Another signed-in client (default: the administrator). */
  as?: TestClient;
} & (NeedsBody<Op> extends true ? { body: BodyOf<Op> } : { body?: BodyOf<Op> });

/** The plugin's API, typed by its operations (`Operations` of the plugin's `generated/operations.ts`). */
export interface PluginApi<Op extends OperationId> {
  call<O extends Op>(operationId: O, ...args: NeedsBody<O> extends true ? [Args<O>] : [Args<O>?]): Promise<ApiResponse<O>>;
  /** The URL of an operation with its path parameters filled in, for tests that call it some other way. */
  url<O extends Op>(operationId: O, path?: Partial<PathOf<O>>): string;
}

/** A managed job as `getManagedJob` returns it. */
export type ManagedJob = ResponseOf<'getManagedJob'>;

export interface PluginPortal<Op extends OperationId = OperationId> {
  /** The running portal: `managed.gateway(serverId)` reads the files a job wrote, `db.orm` the database, `clock` the time. */
  portal: TestServer;
  /** The demo administrator of {@link cluster}, signed in. */
  admin: TestClient;
  /** The cluster of {@link server}, as the administrator sees it. */
  cluster: SeededCluster;
  /** A seeded server that runs the plugin's service. */
  server: SeededServer;
  /** `/api/v1/clusters/{clusterId}/servers/{serverId}` of {@link server} (or of another server of the portal). */
  base(clusterId?: number, serverId?: number): string;
  api: PluginApi<Op>;
  /** A new client (its own cookies), signed in as a demo user (`demoLogins`). */
  signIn(email: string): Promise<TestClient>;
  /** A cluster by its number, as the given client sees it. */
  clusterByNumber(client: TestClient, number: string): Promise<SeededCluster>;
  /** Polls a managed job (of {@link server} by default) until it succeeded or failed. */
  waitForJob(jobId: number, options?: { clusterId?: number; serverId?: number; as?: TestClient }): Promise<ManagedJob>;
  /** Every operation of the plugin's section in the contract (its own and those the bundler adds). */
  operations: { operationId: Op; method: string; path: string }[];
  /** The plugin's manifest. */
  manifest: PluginManifest;
  /** Sends a change (or a rollback) as the administrator, expects 202 (a job of this plugin) and waits until the job succeeded. */
  applied(method: string, url: string, body?: unknown): Promise<ManagedJob>;
  /**
   * Stores a change in another section of {@link server} (`path` below `base()/<section>`) as the administrator, then
   * applies that section and waits until its job succeeded with its check passed; answers the change's body. For a test
   * that needs another plugin's state on the server (a site of the private nginx).
   */
  appliedIn<T = { id: number }>(section: string, method: string, path: string, body?: unknown): Promise<T>;
  /** The plugin's change log on {@link server}, newest first (first page), and how many there are. */
  changes(): Promise<{ data: ResponseOf<'listManagedChanges'>['data']; total: number }>;
  /** A file the jobs wrote on {@link server}; `null` when there is none. */
  file(path: string): Promise<string | null>;
  stop(): Promise<void>;
}

type Manifest = () => Promise<{ default: PluginManifest }>;
type OperationInfo = { method: string; path: string };
type Contract = { paths: Record<string, Record<string, { operationId?: string }>> };

const sectionOf = (path: string) => /^\/api\/v1\/clusters\/\{clusterId\}\/servers\/\{serverId\}\/([a-z][a-z0-9-]*)/.exec(path)?.[1];
const methods = ['get', 'put', 'post', 'patch', 'delete'];

/** The operations of the bundled contract by id, and those in the plugin's section. */
function operationsOf(contract: Contract, pluginId: string): { all: Map<string, OperationInfo>; own: string[] } {
  const all = new Map<string, OperationInfo>();
  const own: string[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of methods) {
      const id = item[method]?.operationId;
      if (!id) continue;
      all.set(id, { method: method.toUpperCase(), path });
      if (sectionOf(path) === pluginId) own.push(id);
    }
  }
  return { all, own: own.sort() };
}

/** The bundled contract without the other plugins' sections (the portal then serves this plugin alone). */
function contractOf(contract: Contract, pluginId: string): Contract {
  const paths = Object.fromEntries(Object.entries(contract.paths).filter(([p]) => [undefined, 'managed', pluginId].includes(sectionOf(p))));
  return { ...contract, paths };
}

/** Starts a portal for one plugin's integration tests; call in `beforeAll`, `stop()` in `afterAll`. */
export async function startPluginPortal<Op extends OperationId = OperationId>(manifest: Manifest, options: PluginPortalOptions = {}): Promise<PluginPortal<Op>> {
  const plugin = (await manifest()).default;
  const contract = loadContract() as Contract;
  const operations = operationsOf(contract, plugin.id);
  const entry: PluginRegistryEntry = { id: plugin.id, operations: operations.own, manifest };
  const portal = await createTestServer(
    options.env ?? {},
    // Its own fixtures that follow the clock (a history ending "now") too; the others come with the template.
    options.allPlugins
      ? { fixtures: options.fixtures, clockFixtures: [plugin.id] }
      : { plugins: [entry], contract: contractOf(contract, plugin.id), fixtures: options.fixtures, clockFixtures: [plugin.id] },
  );
  try {
    const signIn = async (email: string) => {
      const client = portal.client();
      const r = await client.login(email);
      if (r.status !== 200) throw new Error(`signing in ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return client;
    };
    const clusterByNumber = async (client: TestClient, number: string): Promise<SeededCluster> => {
      const list = await client.get(`/api/v1/clusters?search=${encodeURIComponent(number)}`);
      const found = (list.body?.data ?? []).find((c: { number: string }) => c.number === number);
      if (!found) throw new Error(`cluster ${number} is not visible to this client`);
      return (await client.get(`/api/v1/clusters/${found.id}`)).body;
    };
    const admin = await signIn(demoLogins.admin);
    const { cluster, server } = await pickServer(admin, plugin, options, clusterByNumber);
    const base = (clusterId = cluster.id, serverId = server.id) => `/api/v1/clusters/${clusterId}/servers/${serverId}`;

    const url = (operationId: string, path: Record<string, unknown> = {}) => {
      const op = operations.all.get(operationId);
      if (!op) throw new Error(`${operationId} is not an operation of the contract`);
      const params: Record<string, unknown> = { clusterId: cluster.id, serverId: server.id, ...path };
      return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (params[name] === undefined) throw new Error(`${operationId} needs the path parameter ${name}`);
        return encodeURIComponent(String(params[name]));
      });
    };
    const api: PluginApi<Op> = {
      url: (operationId, path) => url(operationId, path as Record<string, unknown>),
      async call(operationId, ...rest) {
        const args = (rest[0] ?? {}) as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; as?: TestClient };
        const query = new URLSearchParams(Object.entries(args.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
        const r = await (args.as ?? admin).request(operations.all.get(operationId)!.method, url(operationId, args.path) + (query ? `?${query}` : ''), args.body);
        return r as ApiResponse<typeof operationId>;
      },
    };

    const waitForJob: PluginPortal['waitForJob'] = async (jobId, { clusterId, serverId, as = admin } = {}) => {
      for (let i = 0; i < 400; i++) {
        const r: TestResponse<ManagedJob> = await as.get(`${base(clusterId, serverId)}/managed/jobs/${jobId}`);
        if (r.status !== 200) throw new Error(`job ${jobId}: ${r.status} ${JSON.stringify(r.body)}`);
        if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`job ${jobId} did not finish`);
    };

    const applied: PluginPortal['applied'] = async (method, path, body) => {
      const r = await admin.request(method, path, body);
      expect([r.status, r.body?.error]).toEqual([202, undefined]);
      expect(r.body).toMatchObject({ pluginId: plugin.id, kind: expect.stringMatching(/^(apply|rollback)$/) });
      const job = await waitForJob(r.body.id);
      expect(job).toMatchObject({ status: 'succeeded' });
      return job;
    };
    const appliedIn: PluginPortal['appliedIn'] = async (section, method, path, body) => {
      const r = await admin.request(method, `${base()}/${section}${path}`, body);
      expect([200, 201, 202]).toContain(r.status);
      const apply = await admin.request('POST', `${base()}/${section}/apply`);
      expect(apply.status).toBe(202);
      expect(await waitForJob(apply.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed' } });
      return r.body;
    };
    const changes: PluginPortal['changes'] = async () => {
      const r = await admin.get(`${base()}/managed/changes?plugin=${plugin.id}`);
      return { data: r.body.data, total: r.body.meta.total };
    };
    const file = (path: string) => portal.managed.gateway(server.id).readFile(path);
    const own = operations.own.map((operationId) => ({ operationId: operationId as Op, ...operations.all.get(operationId)! }));
    return { portal, admin, cluster, server, base, api, signIn, clusterByNumber, waitForJob, operations: own, manifest: plugin, applied, appliedIn, changes, file, stop: () => portal.stop() };
  } catch (e) {
    await portal.stop();
    throw e;
  }
}

/** The first server (of the chosen cluster, or of the administrator's clusters) that runs the plugin's service. */
async function pickServer(
  admin: TestClient,
  plugin: PluginManifest,
  options: PluginPortalOptions,
  clusterByNumber: (client: TestClient, number: string) => Promise<SeededCluster>,
): Promise<{ cluster: SeededCluster; server: SeededServer }> {
  const runsService = (s: SeededServer) => plugin.services === 'all' || plugin.services.some((x) => s.services.includes(x));
  const wanted = options.server ?? runsService;
  const numbers = options.cluster ? [options.cluster] : ((await admin.get('/api/v1/clusters?per_page=100')).body.data as { number: string }[]).map((c) => c.number);
  for (const number of numbers) {
    const cluster = await clusterByNumber(admin, number);
    const server = cluster.servers.find((s) => runsService(s) && wanted(s));
    if (server) return { cluster, server };
  }
  throw new Error(`no seeded server runs ${plugin.id}'s service (${JSON.stringify(plugin.services)})${options.cluster ? ` in cluster ${options.cluster}` : ''}`);
}

/** What an operation needs to pass the contract's input check, so that the access check is what refuses it. */
export type AccessCalls<Op extends OperationId> = { [O in Op]?: { path?: Partial<PathOf<O>>; query?: Record<string, string | number>; body?: unknown } };

/**
 * R6.004 for every operation of a plugin's section, taken from the contract (a new operation is covered
 * without a line here): anonymous → 401; the administrator of another cluster → 404
 * `errors.cluster_not_found`; a manager without the administrator role → 403
 * `errors.managed_administrators_only`; a personal access token for another cluster → 403, one for this
 * cluster works; a server that does not run the plugin's service → 404 `errors.managed_plugin_not_found`
 * (the host's guard, before any handler). Path parameters other than cluster and server are 1 unless `calls` says; an operation
 * with a body (or a required query parameter) needs one in `calls` that passes the contract. Call at the top level of a test file.
 */
export function describeAccessMatrix<Op extends OperationId>(portal: () => PluginPortal<Op>, calls: AccessCalls<Op> = {}): void {
  type Operation = PluginPortal<Op>['operations'][number];
  const request = async (t: PluginPortal<Op>, client: TestClient, op: Operation, at: { clusterId: number; serverId: number }, headers?: Record<string, string>) => {
    const call = (calls as Record<string, { path?: Record<string, unknown>; query?: Record<string, string | number>; body?: unknown }>)[op.operationId] ?? {};
    const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 1]));
    // Required query parameters (a search's words) so the contract's check passes and the access check is what refuses.
    const query = call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)]))}` : '';
    const url = `${t.api.url(op.operationId, { ...params, ...call.path, ...at } as never)}${query}`;
    const r = await client.request(op.method, url, call.body, headers);
    return { url: `${op.method} ${url}`, status: r.status, message: r.body?.error?.message };
  };
  const expectEach = async (t: PluginPortal<Op>, run: (op: Operation) => ReturnType<typeof request>, status: number, message?: string) => {
    for (const op of t.operations) {
      const r = await run(op);
      expect(r).toEqual({ url: r.url, status, message: message ?? r.message });
    }
  };

  describe('authorization (every operation of the section)', () => {
    it('R6.004 anonymous callers get 401', async () => {
      const t = portal();
      await expectEach(t, (op) => request(t, t.portal.client(), op, { clusterId: t.cluster.id, serverId: t.server.id }), 401);
    });

    it('R6.004 the administrator of another cluster gets 404 (the cluster is not visible)', async () => {
      const t = portal();
      const other = await t.signIn(demoLogins.other);
      const own = await t.clusterByNumber(other, '20031');
      const em = t.portal.db.orm.em.fork();
      const user = await em.findOneOrFail(User, { email: demoLogins.other });
      if (!(await em.count(ClusterAdministrator, { cluster: own.id, user }))) em.create(ClusterAdministrator, { cluster: em.getReference(Cluster, own.id), user } as ClusterAdministrator);
      await em.flush();
      await expectEach(t, (op) => request(t, other, op, { clusterId: t.cluster.id, serverId: t.server.id }), 404, 'errors.cluster_not_found');
    });

    it('R6.004 a manager of the customer without the administrator role gets 403', async () => {
      const t = portal();
      const manager = await t.signIn(demoLogins.manager);
      const staging = await t.clusterByNumber(manager, '20012');
      await expectEach(t, (op) => request(t, manager, op, { clusterId: staging.id, serverId: staging.servers[0].id }), 403, 'errors.managed_administrators_only');
    });

    it("R2.024 a server of the cluster that does not run the plugin's service gets 404 for every operation", async () => {
      const t = portal();
      const services = t.manifest.services;
      if (services === 'all') return;
      const other = t.cluster.servers.find((s) => s.id !== t.server.id)!;
      const em = t.portal.db.orm.em.fork();
      const before = [...(await em.findOneOrFail(Server, { id: other.id })).services];
      await em.nativeUpdate(Server, { id: other.id }, { services: before.filter((x) => !services.includes(x)) });
      try {
        await expectEach(t, (op) => request(t, t.admin, op, { clusterId: t.cluster.id, serverId: other.id }), 404, 'errors.managed_plugin_not_found');
      } finally {
        await em.nativeUpdate(Server, { id: other.id }, { services: before });
      }
    });

    it('R6.004 a personal access token for another cluster is refused; one for this cluster works', async () => {
      const t = portal();
      const manager = await t.signIn(demoLogins.manager);
      const staging = await t.clusterByNumber(manager, '20012');
      const token = async (clusters: number[]) => {
        const r = await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: `access ${clusters.join()}`, expires: 0, expires_at: null, abilities: { global: false, clusters } });
        expect(r.status).toBe(201);
        return { Authorization: `Bearer ${r.body.plainTextToken}` };
      };
      const here = { clusterId: t.cluster.id, serverId: t.server.id };
      const forStaging = await token([staging.id]);
      await expectEach(t, (op) => request(t, t.portal.client(), op, here, forStaging), 403);
      const list = t.operations.find((op) => op.method === 'GET' && op.path.match(/\{\w+\}/g)?.length === 2);
      if (list) expect(await request(t, t.portal.client(), list, here, await token([t.cluster.id]))).toMatchObject({ status: 200 });
    });
  });
}
