/**
 * The report part's types both sides use (types only): a run's state and its real-time event, declared once.
 * The server publishes `ReportEvents` through `eventsOf<ReportEvents>(ports)` (`./server.ts`); the web's
 * `ServerEvents` holds them for every plugin as `<pluginId>.report` (`../web/events.ts`), which
 * `ReportList`/`ReportDetail` listen to.
 */

export type ReportStatus = 'running' | 'done' | 'failed';
/** Why a run failed: its portal stopped during it, the server could not be reached, or anything else. */
export type ReportError = 'interrupted' | 'unreachable' | 'error';

/** The progress event (`<pluginId>.report` to room `server:<id>`): on every step, and when the run ended. */
export interface ReportEvent {
  reportId: number;
  status: ReportStatus;
  /** 0–100. */
  progress: number;
  /** The step running now (a key of the plugin's namespace), `null` once the run ended. */
  step: string | null;
}

/** The report part's event map (`PluginEvents`/`ServerEventsOf`, `../events.ts`). */
export interface ReportEvents {
  report: ReportEvent;
}
