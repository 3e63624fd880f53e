import { Unavailable } from '@portal/core/platform';
import { defineHandlers } from '../openapi/handlers.ts';

const pending = () => {
  throw Unavailable('errors.not_yet_available');
};

/** The platform operations of the Managed Center (contract: openapi/src/paths/managed.yaml). */
export const managedHandlers = defineHandlers({
  getManagedServer: pending,
  getManagedDashboard: pending,
  getServerMetrics: pending,
  listManagedChanges: pending,
  getManagedJob: pending,
  rollBackManagedPlugin: pending,
});
