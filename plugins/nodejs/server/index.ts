/**
 * Server part of the `nodejs` plugin: the Node.js applications of a server (desired state in `nodejs_apps`, the
 * SDK's resource `x-resources.nodejsApp`), run as programs of the shared supervisord (program.ts: the SDK's
 * descriptor with this plugin's program file, checked by supervisord's parser and `node --check`), their live
 * status, control and logs, and the release switch with a health check (release.ts).
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { runsPrivateInstances } from '@portal/plugin-sdk/program';
import {
  conflict,
  defineResource,
  defineServerPlugin,
  found,
  type ApplyTarget,
  type PluginDatabase,
  type PluginHandlers,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import { controlSupervisorProgram, readSupervisorStatus } from '@portal/plugin-sdk/supervisor';
import type { Schemas } from '@portal/openapi';
import type { Operations } from '../generated/operations.ts';
import { nodejsAppResource } from '../generated/resources.ts';
import { NodejsApp } from './AppEntity.ts';
import { demoApps } from './fixtures.ts';
import { Migration20261129090000Nodejs } from './migrations/Migration20261129090000Nodejs.ts';
import programs, { appPaths, checkNodejsFiles, groupName } from './program.ts';
import { checkRelease, linkRelease, listReleases, rollingRestart } from './release.ts';
import { instanceService, proxyKey, renderFiles, type Prepared, type RenderableApp } from './render.ts';
import { checkApp, mergeEnvironment, parseEnvironment } from './rules.ts';
import { findRuntimes, runtimeMap } from './runtimes.ts';

/** The portal's secret box (from the ports at start): the environment is sealed with it, opened for the pure render. */
let box: PluginPorts['secrets'] | undefined;
let gatewayOf: PluginPorts['gateway'] | undefined;
const secrets = () => {
  if (!box) throw new Error('nodejs: the secret box is not ready (handlers not built yet)');
  return box;
};
const secretContext = (serverId: number, app: string) => `nodejs-app:${serverId}:${app}`;

/** The stored variables of an app, opened. */
const storedEnvironment = (a: NodejsApp, serverId: number): [string, string][] =>
  a.environmentSealed ? (JSON.parse(secrets().open(a.environmentSealed, secretContext(serverId, a.name))) as [string, string][]) : [];

const renderable = (a: NodejsApp, serverId: number): RenderableApp => ({
  id: a.id,
  name: a.name,
  nodeVersion: a.nodeVersion,
  script: a.script,
  port: a.port,
  instances: a.instances,
  release: a.release,
  environment: storedEnvironment(a, serverId),
});

export const apps = defineResource(nodejsAppResource, {
  entity: NodejsApp,
  orderBy: { name: 'asc' },
  present: (a) => ({
    id: a.id,
    name: a.name,
    nodeVersion: a.nodeVersion,
    script: a.script,
    port: a.port,
    instances: a.instances,
    // Names only: the values are never shown again (a name alone keeps its value on the next save).
    environment: a.environmentNames,
    release: a.release,
    previousRelease: a.previousRelease,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }),
  rules: async (input, { existing, current, server }) => {
    const installed = (await findRuntimes(gatewayOf!(server.id))).map((r) => r.major);
    return checkApp(input, existing, installed, current?.id);
  },
  values: (input, { server, current }) => {
    const stored = current ? storedEnvironment(current, server.id) : [];
    const env = mergeEnvironment(parseEnvironment(input.environment) ?? [], stored) ?? [];
    const name = input.name.trim();
    return {
      name,
      nodeVersion: input.nodeVersion,
      script: input.script.trim(),
      port: input.port,
      instances: input.instances,
      environmentNames: env.map(([k]) => k).join('\n'),
      environmentSealed: env.length ? secrets().seal(JSON.stringify(env), secretContext(server.id, name)) : '',
      ...(current ? {} : { release: '', previousRelease: '' }),
    };
  },
  // Never a value of the environment: the change log shows what a user would recognise.
  summary: (a) => ({ name: a.name, nodeVersion: a.nodeVersion, port: a.port, instances: a.instances }),
});

/** Where each instance listens, the user the apps run as, the installed versions: looked up before the render. */
async function prepare(gw: ServerGateway, rows: readonly NodejsApp[]): Promise<Prepared> {
  const addresses: Prepared['addresses'] = {};
  for (const a of rows) for (let i = 0; i < a.instances; i++) addresses[`${a.name}-${i}`] = await gw.listenAddress(instanceService(a.name, i), a.port + i);
  return {
    runtimes: runtimeMap(await findRuntimes(gw)),
    addresses,
    // The private supervisord of a sandbox runs as the gateway's user and cannot switch to another.
    user: runsPrivateInstances(gw) ? await gw.user() : 'www-data',
  };
}

type Outcome = Schemas['NodejsReleaseOutcome'];

export default defineServerPlugin<Operations, Prepared>({
  entities: [NodejsApp],
  migrations: [Migration20261129090000Nodejs],
  programs,
  // Reload, status and the apply lock are the shared supervisord's; the check is this plugin's own file's.
  steps: { service: 'supervisor', validate: checkNodejsFiles },
  handlers: (ports): PluginHandlers<Operations> => {
    box = ports.secrets;
    gatewayOf = ports.gateway;
    const appOf = async (em: PluginDatabase, serverId: number, id: number) => found(await em.findOne(NodejsApp, { id, serverId }));
    const status = async (gw: ServerGateway, names: readonly string[]): Promise<Schemas['NodejsStatus']> => {
      const s = await readSupervisorStatus(gw);
      const byGroup = new Map(names.map((n) => [groupName(n), n]));
      return {
        running: s.running,
        processes: s.processes
          .filter((p) => byGroup.has(p.program))
          .map((p) => ({ app: byGroup.get(p.program)!, process: p.process, state: p.state, detail: p.detail, crashLoop: p.crashLoop })),
      };
    };
    const switchTo = async (c: ApplyTarget & { em: PluginDatabase }, a: NodejsApp, release: string): Promise<Outcome> => {
      const gw = ports.gateway(c.server.id);
      const app = renderable(a, c.server.id);
      const node = runtimeMap(await findRuntimes(gw))[a.nodeVersion];
      const check = await checkRelease({ gw, app, node }, release);
      const base = { release: a.release, previousRelease: a.previousRelease, jobId: null };
      if (!check.ok) {
        await ports.audit.record(c, 'release.refused', { app: a.name, release });
        return { ...base, outcome: 'refused', output: check.output };
      }
      await linkRelease(gw, a.name, release);
      const previous = a.release && a.release !== release ? a.release : a.previousRelease;
      let jobId: number | null = null;
      let output = check.output;
      if (!a.release) {
        // The first release: the app gets its programs (an apply of the program file).
        const handle = await ports.jobs.store(c, async (em) => {
          const row = await appOf(em, c.server.id, a.id);
          row.release = release;
          row.previousRelease = previous;
          await em.flush();
          return { key: 'nodejs:changes.released', values: { name: a.name, release } };
        });
        jobId = handle.jobId;
      } else {
        const silent = await rollingRestart(gw, { ...app, release });
        if (silent.length) output += `\ninstance(s) ${silent.join(', ')} did not answer after the restart`;
        a.release = release;
        a.previousRelease = previous;
        await c.em.flush();
      }
      await ports.audit.record(c, 'release.switched', { app: a.name, release, previousRelease: previous });
      return { outcome: 'switched', release, previousRelease: previous, output, jobId };
    };
    return {
      ...apps.handlers(ports),
      getNodejsRuntimes: async (c) => ({ runtimes: await findRuntimes(ports.gateway(c.server.id)) }),
      getNodejsStatus: async (c) => status(ports.gateway(c.server.id), (await apps.all(c.em, c.server.id)).map((a) => a.name)),
      getNodejsAppLog: async (c) => {
        const a = await appOf(c.em, c.server.id, c.params.appId);
        const path = appPaths(a.name).log(Math.min(c.query.instance ?? 0, a.instances - 1));
        const lines = await ports.gateway(c.server.id).tail(path, c.query.lines ?? 200);
        return { path, lines: lines.map((l) => l.slice(0, 10_000)) };
      },
      controlNodejsApp: async (c) => {
        const a = await appOf(c.em, c.server.id, c.params.appId);
        const gw = ports.gateway(c.server.id);
        const before = await status(gw, [a.name]);
        if (!before.running || !before.processes.length) throw conflict('nodejs:errors.not_running');
        if (!(await controlSupervisorProgram(gw, groupName(a.name), c.body.action))) throw conflict('nodejs:errors.not_running');
        return status(gw, (await apps.all(c.em, c.server.id)).map((x) => x.name));
      },
      listNodejsReleases: async (c) => {
        const a = await appOf(c.em, c.server.id, c.params.appId);
        const names = await listReleases(ports.gateway(c.server.id), a.name);
        return {
          directory: appPaths(a.name).releases,
          releases: names.map((name) => ({ name, current: name === a.release, previous: name === a.previousRelease })),
        };
      },
      getNodejsAppProxy: async (c) => {
        const a = await appOf(c.em, c.server.id, c.params.appId);
        const gw = ports.gateway(c.server.id);
        const upstreams: string[] = [];
        for (let i = 0; i < a.instances; i++) {
          const at = await gw.listenAddress(instanceService(a.name, i), a.port + i);
          upstreams.push(`${at.host.includes(':') ? `[${at.host}]` : at.host}:${at.port}`);
        }
        return { key: proxyKey(a.name), upstreams };
      },
      switchNodejsRelease: async (c) => switchTo(c, await appOf(c.em, c.server.id, c.params.appId), c.body.release),
      rollbackNodejsRelease: async (c) => {
        const a = await appOf(c.em, c.server.id, c.params.appId);
        if (!a.previousRelease) throw conflict('nodejs:errors.no_previous');
        return switchTo(c, a, a.previousRelease);
      },
    };
  },
  state: { entities: [NodejsApp] },
  prepare: async ({ em, server, gateway }) => prepare(gateway, await apps.all(em, server.id)),
  render: async ({ em, server, prepared, hostPath }) =>
    renderFiles(
      (await apps.all(em, server.id)).map((a) => renderable(a, server.id)),
      prepared,
      hostPath,
    ),
  fixtures: async ({ em, server, clock }) => {
    if (server.role !== 'web' || (await em.count(NodejsApp, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const a of demoApps) em.create(NodejsApp, { ...a, environmentNames: '', environmentSealed: '', serverId: server.id, createdAt: now, updatedAt: now });
    await em.flush();
  },
});
