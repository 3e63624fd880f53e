import { ManagedChange } from './ManagedChange.ts';
import { ManagedConfigVersion } from './ManagedConfigVersion.ts';
import { ManagedJob } from './ManagedJob.ts';
import { ManagedServerConnection } from './ManagedServerConnection.ts';
import { Migration20261122130000ManagedCenter } from '../migrations/Migration20261122130000ManagedCenter.ts';
import { Migration20261124073000ChangeImpersonator } from '../migrations/Migration20261124073000ChangeImpersonator.ts';
import { Migration20261127213000ManagedBaseline } from '../migrations/Migration20261127213000ManagedBaseline.ts';
import { Migration20261127230000ManagedDrift } from '../migrations/Migration20261127230000ManagedDrift.ts';
import { Migration20261128120000ServerConnections } from '../migrations/Migration20261128120000ServerConnections.ts';

export { ManagedChange, ManagedConfigVersion, ManagedJob, ManagedServerConnection };
export type { ChangeSummary } from './ManagedChange.ts';
export type { CheckOutcomeRecord, DriftRecord, DriftedFile, JobLogEntry } from './ManagedJob.ts';
export type { StoredFile } from './ManagedConfigVersion.ts';

/** The platform's own tables (plugins bring theirs through the registry). */
export const managedEntities = [ManagedJob, ManagedChange, ManagedConfigVersion, ManagedServerConnection];
export const managedMigrations = [Migration20261122130000ManagedCenter, Migration20261124073000ChangeImpersonator, Migration20261127213000ManagedBaseline, Migration20261127230000ManagedDrift, Migration20261128120000ServerConnections];
