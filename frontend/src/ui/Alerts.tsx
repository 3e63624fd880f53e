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
 * screen readers announce an alert the moment it appears, and it sits below the top bar (never over its
 * controls) and lets clicks through where it has no alert.
 */
export function Alerts({ alerts }: { alerts?: Alert[] }) {
  const fromStore = useAppSelector((s) => s.ui.alerts);
  const list = alerts ?? fromStore;
  return (
    <Stack
      spacing={1}
      aria-live="polite"
      aria-relevant="additions"
      sx={{
        position: 'fixed',
        top: { xs: 64, sm: 72 },
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 440,
        width: 'calc(100% - 32px)',
        pointerEvents: 'none',
      }}
      data-testid="alerts"
    >
      {list.map((a) => (
        <AlertItem key={a.id} alert={a} />
      ))}
    </Stack>
  );
}
