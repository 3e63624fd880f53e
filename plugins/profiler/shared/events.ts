import type { Schemas } from '@portal/openapi';

/** What the profiler publishes to the server's room (`profiler.run`: a run moved to another step or ended). */
export interface ProfilerEvents {
  run: Schemas['ProfilerRun'];
}
