import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A site whose PHP requests may be profiled (desired state): one per host name. */
export const ProfilerSite = defineEntity({
  name: 'ProfilerSite',
  tableName: 'profiler_sites',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    host: p.string().length(253),
    documentRoot: p.string().length(200),
    enabled: p.boolean(),
    periodMs: p.integer(),
    urlPrefix: p.string().length(200),
    sampleRatePercent: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ProfilerSite = InferEntity<typeof ProfilerSite>;

/** A run ("profile now"): php-cli executing a site's script under the live snippet, with its progress. Not desired state. */
export const ProfilerRun = defineEntity({
  name: 'ProfilerRun',
  tableName: 'profiler_runs',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    siteId: p.integer(),
    host: p.string().length(253),
    script: p.string().length(200),
    uri: p.string().length(500),
    status: p.string().length(16),
    step: p.string().length(16),
    output: p.text(),
    profileId: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
});
export type ProfilerRun = InferEntity<typeof ProfilerRun>;

/**
 * A configuration the portal saw applied: the snippet's fingerprint and the version (change log `version`) that wrote
 * it, so a profile, which carries the fingerprint, names the version live when it ran. Not desired state.
 */
export const ProfilerVersion = defineEntity({
  name: 'ProfilerVersion',
  tableName: 'profiler_versions',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    fingerprint: p.string().length(16),
    version: p.integer(),
    appliedAt: p.datetime(),
  },
});
export type ProfilerVersion = InferEntity<typeof ProfilerVersion>;
