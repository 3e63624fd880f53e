import type { ResultOf, ServerEventsOf } from '@portal/plugin-sdk/web';
import type { ProfilerEvents } from '../shared/events.ts';

declare module '@portal/plugin-sdk/web' {
  // `profiler.run` (a run moved to another step or ended, shared/events.ts), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'profiler', ProfilerEvents> {}
}

export type Site = ResultOf<'listProfilerSites'>['data'][number];
export type Profile = ResultOf<'listProfilerProfiles'>['data'][number];
export type Transaction = ResultOf<'listProfilerProfiles'>['transactions'][number];
export type Run = ResultOf<'listProfilerRuns'>['data'][number];
export type FunctionDelta = ResultOf<'compareProfilerProfiles'>['functions'][number];
