import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../store';
import { maintenanceEnded } from '../ui/uiSlice';
import { StatusPage } from './StatusPage';

/** Shown while the API reports maintenance (503 `maintenance`); "try again" asks the server's readiness. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [checking, setChecking] = useState(false);
  return (
    <StatusPage
      title={t('maintenance.title')}
      text={t('maintenance.text')}
      action={
        <Button
          variant="contained"
          disabled={checking}
          onClick={async () => {
            setChecking(true);
            const res = await fetch('/api/ready').catch(() => undefined);
            setChecking(false);
            if (res?.ok) {
              dispatch(maintenanceEnded());
              window.location.reload();
            }
          }}
        >
          {t('maintenance.retry')}
        </Button>
      }
    />
  );
}
