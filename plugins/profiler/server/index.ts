/**
 * Server part of the `profiler` module, a config service (docs/plugins.md, "Config services"): its settings (clock,
 * minimum duration, stack depth: `x-config`) and the profiled sites (`x-resources`, `defineResource`), rendered by
 * `render.ts` into the PHP snippet and its include, checked by the real `php` (`program.ts`) and applied in one job.
 * The profiles are the files the snippet wrote (`profiles.ts`); a run executes a site's script with php-cli under
 * the live snippet (`runs.ts`). Each profile names the version live when it ran: the fingerprint in the snippet and
 * in the profile, mapped to the applied version the portal saw with it (`ProfilerVersion`).
 */
import {
  defineConfigService,
  defineResource,
  notFound,
  type ErrorNameOf,
  type FieldErrors,
  type PluginDatabase,
  type PluginHandler,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { profilerSiteResource } from '../generated/resources.ts';
import { diffProfiles, formatCollapsed } from '../shared/collapsed.ts';
import { ProfilerRun, ProfilerSite, ProfilerVersion } from './entities.ts';
import { Migration20261129033725Profiler } from './migrations/Migration20261129033725Profiler.ts';
import { Migration20261129040000ProfilerState } from './migrations/Migration20261129040000ProfilerState.ts';
import { listProfiles, readMeta, readStacks, slowestTransactions, type Profile } from './profiles.ts';
import programs from './program.ts';
import { fingerprintOf, render, type SiteState } from './render.ts';
import { presentRun, profilerRuns } from './runs.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `profiler:errors.${k}` as const;
const stamp = (d: Date) => d.toISOString();

export const sites = defineResource(profilerSiteResource, {
  entity: ProfilerSite,
  orderBy: { host: 'asc' },
  present: (s) => ({
    id: s.id,
    host: s.host,
    documentRoot: s.documentRoot,
    enabled: s.enabled,
    periodMs: s.periodMs,
    urlPrefix: s.urlPrefix,
    sampleRatePercent: s.sampleRatePercent,
    createdAt: stamp(s.createdAt),
    updatedAt: stamp(s.updatedAt),
  }),
  rules: (input, { existing, current }): FieldErrors | undefined => {
    const i = input as { host: string };
    return existing.some((s) => s.host === i.host.trim().toLowerCase() && s.id !== current?.id) ? { host: [key('host_taken')] } : undefined;
  },
  values: (input) => {
    const i = input as SiteState;
    return { ...i, host: i.host.trim().toLowerCase(), documentRoot: i.documentRoot.trim(), urlPrefix: i.urlPrefix.trim() };
  },
  summary: (s) => ({
    host: s.host,
    enabled: s.enabled ? '✓' : '–',
    period: s.periodMs,
    prefix: s.urlPrefix || '/',
    rate: s.sampleRatePercent,
  }),
  changes: { created: 'siteCreated', updated: 'siteChanged', deleted: 'siteDeleted' },
});

interface Desired {
  sites: SiteState[];
}

const loadDesired = async (em: PluginDatabase, serverId: number): Promise<Desired> => ({
  sites: (await sites.all(em, serverId)).map((s) => ({
    host: s.host,
    documentRoot: s.documentRoot,
    enabled: s.enabled,
    periodMs: s.periodMs,
    urlPrefix: s.urlPrefix,
    sampleRatePercent: s.sampleRatePercent,
  })),
});

function handlers(ports: PluginPorts) {
  const runs = profilerRuns(ports);

  /** Records the fingerprint of the version applied now (once per version), then answers fingerprint → version. */
  async function versions(em: PluginDatabase, serverId: number) {
    const last = await ports.jobs.lastApplied(serverId, em);
    const fp = last && fingerprintOf(last.files);
    if (last && fp && !(await em.count(ProfilerVersion, { serverId, version: last.version }))) {
      em.create(ProfilerVersion, { serverId, fingerprint: fp, version: last.version, appliedAt: last.appliedAt });
      await em.flush();
    }
    const seen = await em.find(ProfilerVersion, { serverId }, { orderBy: { appliedAt: 'desc', version: 'desc' } });
    // The newest version with the profile's fingerprint applied before it started (a rollback can bring a fingerprint back).
    return (p: Omit<Profile, 'configVersion' | 'runId'>): Profile => {
      const same = seen.filter((v) => v.fingerprint === p.config);
      const live = same.find((v) => v.appliedAt.getTime() <= new Date(p.startedAt).getTime()) ?? same[same.length - 1];
      const run = p.id.match(/^run-(\d+)-/);
      return { ...p, configVersion: live?.version ?? null, runId: run ? Number(run[1]) : null };
    };
  }

  async function profile(c: { em: PluginDatabase; server: { id: number } }, id: string) {
    const gw = ports.gateway(c.server.id);
    const meta = await readMeta(gw, id);
    const stacks = meta && (await readStacks(gw, id));
    if (!meta || !stacks) throw notFound(key('profile_not_found'));
    return { profile: (await versions(c.em, c.server.id))(meta), stacks };
  }

  return {
    ...sites.handlers(ports),
    listProfilerProfiles: (async (c) => {
      const data = (await listProfiles(ports.gateway(c.server.id))).map(await versions(c.em, c.server.id));
      return { data, transactions: slowestTransactions(data) };
    }) satisfies PluginHandler<'listProfilerProfiles'>,
    getProfilerProfile: (async (c) => {
      const p = await profile(c, c.params.profileId);
      return {
        profile: p.profile,
        stacks: p.stacks.slice(0, 20_000).map((s) => ({ frames: s.frames.slice(0, 1024).map((f) => f.slice(0, 500)), samples: s.samples })),
      };
    }) satisfies PluginHandler<'getProfilerProfile'>,
    exportProfilerProfile: (async (c) => {
      const p = await profile(c, c.params.profileId);
      return { fileName: `${p.profile.id}.collapsed.txt`, format: 'collapsed' as const, content: formatCollapsed(p.stacks) };
    }) satisfies PluginHandler<'exportProfilerProfile'>,
    compareProfilerProfiles: (async (c) => {
      const base = await profile(c, c.params.profileId);
      const other = await profile(c, c.query.other);
      return {
        base: base.profile,
        other: other.profile,
        functions: diffProfiles(
          { stacks: base.stacks, periodMs: base.profile.periodMs },
          { stacks: other.stacks, periodMs: other.profile.periodMs },
        ).map((f) => ({ ...f, name: f.name.slice(0, 500) })),
      };
    }) satisfies PluginHandler<'compareProfilerProfiles'>,
    listProfilerRuns: (async (c) => ({ data: await runs.list(c.em, c.server.id) })) satisfies PluginHandler<'listProfilerRuns'>,
    getProfilerRun: (async (c) => {
      const run = await runs.get(c.em, c.server.id, c.params.runId);
      if (!run) throw notFound();
      return presentRun(run);
    }) satisfies PluginHandler<'getProfilerRun'>,
    createProfilerRun: (async (c) => {
      await versions(c.em, c.server.id);
      return presentRun(await runs.start(c.em, c.server.id, c.body));
    }) satisfies PluginHandler<'createProfilerRun'>,
  };
}

const service = defineConfigService<Operations, Settings, undefined, Desired>(
  {
    config,
    migrations: [Migration20261129033725Profiler, Migration20261129040000ProfilerState],
    render: (settings, c) => render({ settings, sites: c.desired.sites }, c.hostPath),
    desired: { entities: [ProfilerSite], load: (em, server) => loadDesired(em, server.id) },
    programs,
    steps: { service: 'profiler' },
  },
  (ports) => handlers(ports) as never,
);

// The runs and the versions seen are the plugin's tables too (not desired state: no snapshot, no rollback).
service.entities = [...(service.entities ?? []), ProfilerRun, ProfilerVersion];

/** Demo servers: the shop profiled on /checkout, one request in ten, every 10 ms. */
const settingsFixtures = service.fixtures;
service.fixtures = async (c) => {
  await settingsFixtures?.(c);
  if (await c.em.count(ProfilerSite, { serverId: c.server.id })) return;
  const now = c.clock.now();
  c.em.create(ProfilerSite, {
    serverId: c.server.id,
    host: 'shop.example.com',
    documentRoot: '/var/www/shop/public',
    enabled: true,
    periodMs: 10,
    urlPrefix: '/checkout',
    sampleRatePercent: 10,
    createdAt: now,
    updatedAt: now,
  });
  await c.em.flush();
};

export default service;
