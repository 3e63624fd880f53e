import { DomainError } from '@portal/core/platform';
import { defineHandlers } from '../openapi/handlers.ts';

export interface PluginHealth {
  id: string;
  status: 'ok' | 'degraded';
  error?: string;
}

/** Health and readiness; `plugins` and `shuttingDown` are read at call time. */
export const platformHandlers = (state: { plugins: () => PluginHealth[]; shuttingDown: () => boolean }) =>
  defineHandlers({
    getHealth: () => {
      const plugins = state.plugins();
      return { status: plugins.some((p) => p.status === 'degraded') ? 'degraded' : 'ok', plugins };
    },
    getReadiness: async ({ deps }) => {
      if (state.shuttingDown()) throw new DomainError('unavailable', 'errors.shutting_down');
      if (deps.config.MAINTENANCE) throw new DomainError('maintenance', 'errors.maintenance');
      const ok = await deps.orm.isConnected();
      if (!ok) throw new DomainError('unavailable', 'errors.database_unavailable');
      return { status: 'ready' };
    },
  });
