/**
 * Runs on a server — a backup, a restore test, a restore (as a copy, or in place) and a promote — executed with
 * restic through the gateway (`restic.ts`) outside the request (`ports.background`), one after another per
 * server (restic also locks its repository). Each stage is stored on the run's row and published as
 * `backups.run` to the server's room, so the panel follows it live and can read it back after a reload.
 * A run is not an apply job: what it writes (snapshots, copies, a promoted document root) is data, not the
 * plugin's configuration, so it takes no apply lock and keeps no version.
 */
import type { Schemas } from '@portal/openapi';
import { eventsOf, isServerUnreachable, type PluginDatabase, type PluginPorts, type ServerGateway } from '@portal/plugin-sdk/server';
import type { BackupsEvents } from '../shared/events.ts';
import { forgetFlags } from '../shared/retention.ts';
import { compareCounts, dropDatabase, dumpDatabase, dumpFile, dumpsPath, loadInto, manifestFile, stamp, swapIn, tableCount, withConnection, type Manifest } from './dumps.ts';
import { BackupPlan, BackupRepository, BackupRestore, BackupRun } from './entities.ts';
import {
  backup,
  compareTrees,
  ensureRepository,
  fileTree,
  forget,
  promote,
  removeTree,
  repositoryPath,
  restoreInto,
  restoresPath,
  scratchPath,
  snapshots,
  type ResticSnapshot,
} from './restic.ts';

export type RunKind = Schemas['BackupRun']['kind'];
export type Stage = Schemas['BackupRun']['stage'];
/** A run older than this that no instance of this portal runs any more ended with its portal. */
const staleAfterMs = 60 * 60_000;
/** The comparison keeps this many differences (all are counted). */
const maxChanges = 1000;

const isDirectory = async (gw: ServerGateway, dir: string) =>
  (await gw.run({ tool: 'find', args: [{ path: dir }, '-maxdepth', '0', '-type', 'd'], timeoutMs: 30_000 })).stdout.trim() !== '';

export const planTag = (planId: number) => `plan-${planId}`;

export function presentRun(r: BackupRun): Schemas['BackupRun'] {
  return {
    id: r.id,
    planId: r.planId,
    restoreId: r.restoreId ?? null,
    kind: r.kind as RunKind,
    status: r.status as Schemas['BackupRun']['status'],
    stage: r.stage as Stage,
    snapshotId: r.snapshotId ?? null,
    bytes: r.bytes ?? null,
    files: r.files ?? null,
    durationMs: r.durationMs ?? null,
    error: r.error ?? null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export function presentRestore(r: BackupRestore, runId: number | null): Schemas['BackupRestore'] {
  return {
    id: r.id,
    planId: r.planId,
    snapshotId: r.snapshotId,
    mode: r.mode as Schemas['BackupRestore']['mode'],
    status: r.status as Schemas['BackupRestore']['status'],
    changes: r.changes.slice(0, maxChanges),
    changesTotal: r.changesTotal,
    copyDatabase: r.copyDatabase ?? null,
    tables: (r.tables ?? []).slice(0, maxChanges),
    runId,
    error: r.error ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The runs of the plugin: `queue` stores a run (in the request's transaction) and executes it after the commit. */
export function runsOf(ports: PluginPorts) {
  const events = eventsOf<BackupsEvents>(ports);
  const running = new Set<number>();
  const chains = new Map<number, Promise<void>>();

  /** The repository password of a server: generated once, sealed with the portal's secret box. */
  async function passwordOf(em: PluginDatabase, serverId: number): Promise<string> {
    const context = `server:${serverId}`;
    const row = await em.findOne(BackupRepository, { serverId });
    if (row) return ports.secrets.open(row.sealedPassword, context);
    const { randomBytes } = await import('node:crypto');
    const password = randomBytes(32).toString('base64url');
    em.create(BackupRepository, { serverId, sealedPassword: ports.secrets.seal(password, context), createdAt: ports.clock.now() });
    await em.flush();
    return password;
  }

  /** Marks runs no instance runs any more (their portal stopped) as failed; answers the server's runs. */
  async function settleStale(em: PluginDatabase, serverId: number): Promise<void> {
    const now = ports.clock.now().getTime();
    for (const r of await em.find(BackupRun, { serverId, status: { $in: ['queued', 'running'] } }))
      if (!running.has(r.id) && now - r.createdAt.getTime() > staleAfterMs) em.assign(r, { status: 'failed', stage: 'done', error: 'interrupted', finishedAt: new Date(now) });
    await em.flush();
  }

  interface Step {
    em: PluginDatabase;
    run: BackupRun;
    plan: BackupPlan;
    password: string;
    stage(stage: Stage): Promise<void>;
  }
  type Work = (s: Step) => Promise<Partial<BackupRun> | void>;

  async function execute(serverId: number, runId: number, work: Work): Promise<void> {
    const em = ports.database.fork();
    const run = (await em.findOne(BackupRun, { id: runId }))!;
    const publish = () => events.publish(serverId, 'run', presentRun(run)).catch(() => undefined);
    const stage = async (s: Stage) => {
      em.assign(run, { status: 'running', stage: s });
      await em.flush();
      await publish();
    };
    try {
      const plan = await em.findOne(BackupPlan, { id: run.planId, serverId });
      if (!plan) throw new Error('plan removed');
      const gateway = ports.gateway(serverId);
      // Checked before restic runs: creating a repository costs a key derivation (seconds of CPU), not worth it
      // for a document root that is not there, and only a backup creates one.
      if (run.kind === 'backup' && plan.kind !== 'database' && !(await isDirectory(gateway, plan.path))) throw new Error(`document root ${plan.path} does not exist`);
      if (run.kind !== 'backup' && (await gateway.readFile(`${repositoryPath}/config`)) === null) throw new Error('no repository yet');
      await stage('repository');
      const password = await passwordOf(em, serverId);
      await ensureRepository(gateway, password);
      const result = await work({ em, run, plan, password, stage });
      em.assign(run, { ...result, status: 'succeeded', stage: 'done', finishedAt: ports.clock.now() });
    } catch (e) {
      const message = isServerUnreachable(e) ? 'unreachable' : e instanceof Error ? e.message : String(e);
      ports.logger.warn({ runId, kind: run.kind, err: message }, 'backups run failed');
      em.assign(run, { status: 'failed', stage: 'done', error: message.slice(0, 4000), finishedAt: ports.clock.now() });
      if (run.restoreId) {
        const restore = await em.findOne(BackupRestore, { id: run.restoreId });
        if (restore && restore.status !== 'compared') {
          em.assign(restore, { status: 'failed', error: message.slice(0, 4000) });
          // A database copy that was loaded is not left behind by a failed restore or promote.
          if (restore.copyDatabase) await dropDatabase(ports.gateway(serverId), restore.copyDatabase).catch(() => undefined);
        }
      }
    }
    await em.flush();
    await publish();
  }

  /** Stores a queued run (in `em`, the request's) and executes it after the commit, after the server's earlier runs. */
  async function queue(em: PluginDatabase, serverId: number, values: Pick<BackupRun, 'planId' | 'kind' | 'scheduled'> & { restoreId?: number | null }, work: Work): Promise<BackupRun> {
    const run = em.create(BackupRun, {
      serverId,
      restoreId: null,
      ...values,
      status: 'queued',
      stage: 'queued',
      snapshotId: null,
      bytes: null,
      files: null,
      durationMs: null,
      error: null,
      createdAt: ports.clock.now(),
      finishedAt: null,
    });
    await em.flush();
    running.add(run.id);
    ports.background(async () => {
      const previous = chains.get(serverId) ?? Promise.resolve();
      const mine = previous.then(() => execute(serverId, run.id, work)).finally(() => running.delete(run.id));
      chains.set(serverId, mine.catch(() => undefined));
      await mine;
    });
    return run;
  }

  const gw = (s: Step) => ports.gateway(s.run.serverId);

  /**
   * What a backup of the plan reads: the document root, or for a database plan a fresh dump in its dump directory
   * (`dumps/<plan>`: the dump and its table list), which `done` removes once restic has it.
   */
  async function source(s: Step): Promise<{ path: string; done(): Promise<void> }> {
    if (s.plan.kind !== 'database') return { path: s.plan.path, done: async () => undefined };
    const dir = `${dumpsPath}/${s.plan.id}`;
    await s.stage('dump');
    await removeTree(gw(s), dir);
    await dumpDatabase(gw(s), s.plan.database, dir);
    return { path: dir, done: () => removeTree(gw(s), dir) };
  }

  /** `restic backup` of the plan's path or dump (`--json` summary: size, files, duration), then its retention (`forget --prune`). */
  const backupWork: Work = async (s) => {
    const from = await source(s);
    await s.stage('backup');
    const summary = await backup(gw(s), s.password, from.path, [planTag(s.plan.id)]).finally(() => from.done());
    await s.stage('forget');
    await forget(gw(s), s.password, forgetFlags(s.plan.id, s.plan));
    return { snapshotId: summary.snapshotId, bytes: summary.bytes, files: summary.files, durationMs: summary.durationMs };
  };

  /** The snapshot of a plan a restore names (a prefix of its id), or the plan's latest one (not a safety snapshot). */
  async function snapshotOf(s: Step, snapshotId?: string): Promise<ResticSnapshot> {
    const all = (await snapshots(gw(s), s.password)).filter((x) => x.tags?.includes(planTag(s.plan.id)));
    const found = snapshotId ? all.find((x) => x.id.startsWith(snapshotId)) : all.find((x) => !x.tags?.includes('safety'));
    if (!found) throw new Error(`snapshot ${snapshotId ?? 'latest'} not found`);
    return found;
  }

  /**
   * The restore test: the plan's latest snapshot restored into a scratch directory with `--verify` (restic reads
   * every restored file back), the number of files compared with what the backup reported, the scratch removed.
   */
  const verifyWork: Work = async (s) => {
    await s.stage('restore');
    const snap = await snapshotOf(s);
    const scratch = `${scratchPath}/${s.run.id}`;
    if (s.plan.kind === 'database') return verifyDump(s, snap, scratch);
    try {
      const tree = await fileTree(gw(s), await restoreInto(gw(s), s.password, snap, scratch, true));
      await s.stage('check');
      const made = (await s.em.find(BackupRun, { serverId: s.run.serverId, kind: 'backup', status: 'succeeded' })).find((r) => r.snapshotId && snap.id.startsWith(r.snapshotId));
      if (made?.files != null && made.files !== tree.size) throw new Error(`restored ${tree.size} files, the snapshot has ${made.files}`);
      return { snapshotId: snap.id, files: tree.size };
    } finally {
      await removeTree(gw(s), scratch);
    }
  };

  /**
   * A database plan's restore test: the snapshot restored with `--verify` into scratch, its dump loaded into a
   * scratch database `backups_scratch_<run>`, its base tables counted against the dump's list; both removed.
   */
  async function verifyDump(s: Step, snap: ResticSnapshot, scratch: string): Promise<Partial<BackupRun>> {
    const db = `backups_scratch_${s.run.id}`;
    try {
      const dir = await restoreInto(gw(s), s.password, snap, scratch, true);
      const manifest = JSON.parse((await gw(s).readFile(`${dir}/${manifestFile}`)) ?? 'null') as Manifest | null;
      if (!manifest) throw new Error(`snapshot ${snap.short_id} has no ${manifestFile}`);
      await loadInto(gw(s), `${dir}/${dumpFile}`, db, manifest.database);
      await s.stage('check');
      const tables = await tableCount(gw(s), db);
      if (tables !== manifest.tables.length) throw new Error(`loaded ${tables} tables, the dump has ${manifest.tables.length}`);
      return { snapshotId: snap.id, files: tables };
    } finally {
      await dropDatabase(gw(s), db).catch(() => undefined);
      await removeTree(gw(s), scratch);
    }
  }

  /**
   * A database plan's snapshot loaded into a new copy database next to the live one (`<db>_restore_<time>`); the
   * restored dump directory is removed once loaded. Answers the copy's name.
   */
  async function loadCopy(s: Step, restore: BackupRestore, snap: ResticSnapshot): Promise<string> {
    const dir = `${restoresPath}/${restore.id}`;
    const copy = `${s.plan.database}_restore_${stamp(ports.clock.now())}`;
    try {
      const restored = await restoreInto(gw(s), s.password, snap, dir);
      await loadInto(gw(s), `${restored}/${dumpFile}`, copy, s.plan.database);
    } finally {
      await removeTree(gw(s), dir);
    }
    s.em.assign(restore, { copyDatabase: copy });
    await s.em.flush();
    return copy;
  }

  /** The swap of a compared (or just loaded) copy into the live database; the previous tables are in the safety dump. */
  async function promoteCopy(s: Step, restore: BackupRestore): Promise<void> {
    const copy = restore.copyDatabase;
    if (!copy) throw new Error('the restore has no copy database');
    await swapIn(gw(s), s.plan.database, copy, `${s.plan.database}_before_${stamp(ports.clock.now())}`);
  }

  /** A safety snapshot of the live files or a safety dump of the database (tags plan and `safety`) before anything overwrites them. */
  async function safety(s: Step): Promise<Partial<BackupRun>> {
    const from = await source(s);
    await s.stage('safety');
    const summary = await backup(gw(s), s.password, from.path, [planTag(s.plan.id), 'safety']).finally(() => from.done());
    return { snapshotId: summary.snapshotId, bytes: summary.bytes, files: summary.files, durationMs: summary.durationMs };
  }

  const restoreWork =
    (restoreId: number): Work =>
    async (s) => {
      const restore = (await s.em.findOne(BackupRestore, { id: restoreId }))!;
      const copyDir = `${restoresPath}/${restore.id}`;
      const snap = await snapshotOf(s, restore.snapshotId);
      if (s.plan.kind === 'database') {
        if (restore.mode === 'in_place') {
          const taken = await safety(s);
          await s.stage('restore');
          await loadCopy(s, restore, snap);
          await s.stage('promote');
          await promoteCopy(s, restore);
          s.em.assign(restore, { status: 'promoted' });
          return taken;
        }
        await s.stage('restore');
        const copy = await loadCopy(s, restore, snap);
        await s.stage('compare');
        const tables = await withConnection(gw(s), (conn) => compareCounts(conn, s.plan.database, copy));
        const differ = tables.filter((t) => t.liveRows !== t.copyRows).length;
        s.em.assign(restore, { status: 'compared', tables, changesTotal: differ });
        return { snapshotId: snap.id };
      }
      if (restore.mode === 'in_place') {
        const taken = await safety(s);
        await s.stage('restore');
        const copy = await restoreInto(gw(s), s.password, snap, copyDir);
        await s.stage('promote');
        await promote(gw(s), copy, s.plan.path);
        await removeTree(gw(s), copyDir);
        s.em.assign(restore, { status: 'promoted' });
        return taken;
      }
      await s.stage('restore');
      const copy = await restoreInto(gw(s), s.password, snap, copyDir);
      await s.stage('compare');
      const changes = compareTrees(await fileTree(gw(s), copy), await fileTree(gw(s), s.plan.path));
      s.em.assign(restore, { status: 'compared', changes: changes.slice(0, maxChanges), changesTotal: changes.length });
      return { snapshotId: snap.id };
    };

  const promoteWork =
    (restoreId: number): Work =>
    async (s) => {
      const restore = (await s.em.findOne(BackupRestore, { id: restoreId }))!;
      if (s.plan.kind === 'database') {
        const taken = await safety(s);
        await s.stage('promote');
        await promoteCopy(s, restore);
        s.em.assign(restore, { status: 'promoted' });
        return taken;
      }
      const copyDir = `${restoresPath}/${restore.id}`;
      const snap = await snapshotOf(s, restore.snapshotId);
      const taken = await safety(s);
      await s.stage('promote');
      await promote(gw(s), `${copyDir}${snap.paths[0]}`, s.plan.path);
      await removeTree(gw(s), copyDir);
      s.em.assign(restore, { status: 'promoted' });
      return taken;
    };

  return {
    running,
    passwordOf,
    settleStale,
    backup: (em: PluginDatabase, plan: BackupPlan, scheduled: boolean) => queue(em, plan.serverId, { planId: plan.id, kind: 'backup', scheduled }, backupWork),
    verify: (em: PluginDatabase, plan: BackupPlan, scheduled: boolean) => queue(em, plan.serverId, { planId: plan.id, kind: 'verify', scheduled }, verifyWork),
    restore: (em: PluginDatabase, restore: BackupRestore) =>
      queue(em, restore.serverId, { planId: restore.planId, kind: 'restore', scheduled: false, restoreId: restore.id }, restoreWork(restore.id)),
    promote: (em: PluginDatabase, restore: BackupRestore) =>
      queue(em, restore.serverId, { planId: restore.planId, kind: 'promote', scheduled: false, restoreId: restore.id }, promoteWork(restore.id)),
    /** Removes a compared copy: its directory, or its copy database (nothing live changes). */
    discard: async (restore: BackupRestore) => {
      const gateway = ports.gateway(restore.serverId);
      if (restore.copyDatabase) await dropDatabase(gateway, restore.copyDatabase);
      await removeTree(gateway, `${restoresPath}/${restore.id}`);
    },
    /** The server's snapshots (empty before the first backup: no repository yet). */
    snapshots: async (em: PluginDatabase, serverId: number): Promise<ResticSnapshot[]> => {
      if (!(await em.findOne(BackupRepository, { serverId }))) return [];
      const gateway = ports.gateway(serverId);
      if ((await gateway.readFile(`${repositoryPath}/config`)) === null) return [];
      return snapshots(gateway, await passwordOf(em, serverId));
    },
  };
}

export type Runs = ReturnType<typeof runsOf>;
