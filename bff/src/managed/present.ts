import type { Schemas } from '@portal/openapi';
import type { CheckOutcomeRecord, ManagedChange, ManagedJob } from '@portal/core/managed';

export type ManagedJobView = Schemas['ManagedJob'];
export type ManagedChangeView = Schemas['ManagedChange'];

const MAX_OUTPUT = 20_000;

/** A check outcome as the contract shows it (output capped, nothing else). */
export function presentOutcome(o: CheckOutcomeRecord | null | undefined): Schemas['CheckOutcome'] | null {
  if (!o) return null;
  return {
    status: o.status,
    ...(o.tool ? { tool: o.tool } : {}),
    ...(o.reason ? { reason: o.reason } : {}),
    ...(o.output ? { output: o.output.slice(-MAX_OUTPUT) } : {}),
  };
}

export function presentJob(job: ManagedJob): ManagedJobView {
  return {
    id: job.id,
    pluginId: job.pluginId,
    serverId: job.server.id,
    kind: job.kind,
    status: job.status,
    step: job.step,
    progress: job.progress,
    validation: presentOutcome(job.validation),
    log: job.log.map((l) => ({ at: l.at, step: l.step, message: l.message, ...(l.detail ? { detail: l.detail.slice(-MAX_OUTPUT) } : {}) })),
    changeId: job.changeId ?? null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
    ...(job.drift ? { drift: { version: job.drift.version, files: job.drift.files.map((f) => ({ path: f.path, expected: f.expected, found: f.found, diff: f.diff.slice(0, MAX_OUTPUT) })) } } : {}),
  };
}

export function presentChange(change: ManagedChange): ManagedChangeView {
  return {
    id: change.id,
    pluginId: change.pluginId,
    serverId: change.server.id,
    kind: change.kind,
    summary: { key: change.summary.key, ...(change.summary.values ? { values: change.summary.values } : {}) },
    user: change.user ? { id: change.user.id, name: change.userName ?? '' } : null,
    impersonator: change.impersonator ? { id: change.impersonator.id, name: change.impersonatorName ?? '' } : null,
    status: change.status,
    version: change.version ?? null,
    diff: change.diff,
    validation: presentOutcome(change.validation),
    jobId: change.jobId ?? null,
    createdAt: change.createdAt.toISOString(),
  };
}
