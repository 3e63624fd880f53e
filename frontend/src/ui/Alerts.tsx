import MuiAlert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../store';
import { alertClosed, alertRemoved, autoCloseDelay, type Alert } from './uiSlice';

const severity = { info: 'info', warning: 'warning', danger: 'error', success: 'success' } as const;

function AlertItem({ alert }: { alert: Alert }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    const delay = autoCloseDelay(alert);
    if (delay === undefined || !alert.show) return;
    const timer = setTimeout(() => dispatch(alertClosed(alert.id)), delay);
    return () => clearTimeout(timer);
  }, [alert, dispatch]);
  const urgent = alert.type === 'danger' || alert.type === 'warning';
  return (
    <Collapse in={alert.show} appear timeout={200} onExited={() => dispatch(alertRemoved(alert.id))} sx={{ pointerEvents: 'auto' }}>
      <MuiAlert
        severity={severity[alert.type]}
        variant="filled"
        // Warnings and errors interrupt a screen reader (role alert); success and info wait (status).
        role={urgent ? 'alert' : 'status'}
        onClose={alert.dismissible ? () => dispatch(alertClosed(alert.id)) : undefined}
        slotProps={{ closeButton: { 'aria-label': t('alerts.dismiss'), title: t('alerts.dismiss') } }}
        data-alert-type={alert.type}
      >
        {alert.message}
      </MuiAlert>
    </Collapse>
  );
}

/**
 * The one alert service's outlet (§3 Alert, §9 auto-close): every screen dispatches `alertAdded` (or the
 * helpers in `notify.ts`), newest last; success and info close by themselves. The region stays mounted, so
 * screen readers announce an alert the moment it appears, and it sits at the bottom right (never over the
 * top bar's controls) and lets clicks through where it has no alert.
 */
export function Alerts({ alerts }: { alerts?: Alert[] }) {
  const fromStore = useAppSelector((s) => s.ui.alerts);
  const list = alerts ?? fromStore;
  return (
    // Bottom right, below everything of the app bar (language switch, user menu, impersonation banner),
    // newest at the bottom, compactly stacked; the stack itself lets clicks through to the page.
    <Stack
      spacing={0.75}
      sx={{
        position: 'fixed',
        bottom: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 16 },
        zIndex: (t) => t.zIndex.snackbar,
        maxWidth: 420,
        width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 32px)' },
        maxHeight: '50vh',
        overflowY: 'auto',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto', py: 0.25, boxShadow: 3 },
      }}
      aria-live="polite"
      aria-relevant="additions"
      data-testid="alerts"
    >
      {list.map((a) => (
        <AlertItem key={a.id} alert={a} />
      ))}
    </Stack>
  );
}
