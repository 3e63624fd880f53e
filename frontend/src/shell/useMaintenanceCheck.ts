import { useEffect } from 'react';
import { useAppDispatch } from '../store';
import { maintenanceStarted } from '../ui/uiSlice';

/**
 * On load the app asks the server's readiness (issue 15): in maintenance (503 `maintenance`) the
 * maintenance page shows at once, instead of the login form that would only fail on submit. The page
 * is not held back for the answer; any other answer (ready, database down, no network) changes nothing.
 */
export function useMaintenanceCheck(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let active = true;
    fetch(new URL('/api/ready', window.location.origin), { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (res.status !== 503) return;
        const body = (await res.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
        if (active && body?.error?.code === 'maintenance') dispatch(maintenanceStarted());
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [dispatch]);
}
