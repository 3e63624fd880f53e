import type { ServerEventsOf } from '@portal/plugin-sdk/web';
import type { BackupsEvents } from '../shared/events.ts';
import type { ResultOf } from '@portal/plugin-sdk/web';

declare module '@portal/plugin-sdk/web' {
  // `backups.run` (a run moved to another stage or ended, shared/events.ts), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'backups', BackupsEvents> {}
}

export type Plan = ResultOf<'listBackupPlans'>['data'][number];
export type Overview = ResultOf<'getBackupsOverview'>;
export type Run = Overview['running'][number];
export type Restore = Overview['restores'][number];
export type Snapshot = ResultOf<'listBackupSnapshots'>['data'][number];
