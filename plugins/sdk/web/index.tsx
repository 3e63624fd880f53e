/**
 * Web side of a plugin: `defineWebPlugin`, the RTK Query API to inject endpoints into, the host's
 * context (server, paths, notices, real-time events) and shared components (`ApplyProgress`).
 */
import type { WebPlugin } from './types.ts';

export type * from './types.ts';
export {
  installHostBridge,
  managedApi,
  createManagedStore,
  ManagedHostProvider,
  useManagedHost,
  useManagedServer,
  useManagedDispatch,
  useServerEvent,
  type HostBridge,
} from './runtime.tsx';
export { ApplyProgress, useManagedJob, type ManagedJob } from './ApplyProgress.tsx';

/** Declares a plugin's web part. */
export const defineWebPlugin = (plugin: WebPlugin): WebPlugin => plugin;
