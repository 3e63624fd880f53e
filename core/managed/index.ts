/**
 * The Managed Center platform: apply jobs on a PostgreSQL-backed queue, configuration versions,
 * the change log, and the gateways to servers. The BFF maps HTTP and sockets onto it; plugins see
 * it only through the ports of `@portal/plugin-sdk/server`.
 */
export { ManagedChange, ManagedConfigVersion, ManagedJob, ManagedServerConnection, managedEntities, managedMigrations } from './entities/index.ts';
export type { ChangeSummary, CheckOutcomeRecord, DriftRecord, DriftedFile, JobLogEntry, StoredFile } from './entities/index.ts';
export { JobRunner, diffFiles, APPLY_QUEUE, INTERRUPTED_QUEUE, type JobRunnerDeps, type ManagedPluginRef } from './jobs.ts';
export { LocalGateway, SandboxViolation, findTool, runProgram, stopLocalPrograms, type LocalGatewayOptions } from './gateways/local.ts';
export { snapshotRows, restoreRows, isRowsSnapshot, type RowsSnapshot } from './snapshot.ts';
export { pluginDatabase, entityManagerOf, lockPluginState, serverOf, serverTimeZone } from './database.ts';
export { SshGateway, sudoersDropIn, type SshGatewayOptions } from './gateways/ssh.ts';
export { SshPool, SshUnreachable, fingerprintOf, generateKeyPair, memoryHostKeys, type HostKeyStore, type PinnedHostKey, type SshSettings, type UnreachableReason } from './gateways/sshConnection.ts';
export { ServerGateways, type ConnectionView, type GatewayKind, type ServerGatewaysOptions } from './connections.ts';
