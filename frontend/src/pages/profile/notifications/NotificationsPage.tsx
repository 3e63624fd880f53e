import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetTechnicalNotificationsQuery, useSetTechnicalNotificationsMutation } from '../../../api/profile';
import { CallErrorAlert } from '../../../forms/CallErrorAlert';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { useAppDispatch } from '../../../store';
import { notifySuccess } from '../../../ui/notify';

/**
 * My data → notifications (§2, §4): one switch for technical notifications, fetched on load; on
 * subscribes, off unsubscribes. A failed call puts the switch back and shows a danger alert with the
 * support phone, e-mail and a mailto link (none on 401, §8).
 */
export default function NotificationsPage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('notifications.title'));
  const dispatch = useAppDispatch();
  const query = useGetTechnicalNotificationsQuery();
  const [save, saving] = useSetTechnicalNotificationsMutation();
  const [checked, setChecked] = useState<boolean | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const [help, setHelp] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (query.data) setChecked(query.data.subscribed);
  }, [query.data]);

  const toggle = async (next: boolean) => {
    const previous = checked;
    setChecked(next);
    setFailure(undefined);
    const result = await save(next);
    if ('error' in result) {
      setChecked(previous);
      setFailure(result.error);
      return;
    }
    setChecked(result.data.subscribed);
    dispatch(notifySuccess(result.data.subscribed ? 'profile:notices.notificationsActivated' : 'profile:notices.notificationsDeactivated'));
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1">
        {t('notifications.pageTitle')}
      </Typography>
      <CallErrorAlert error={failure ?? query.error} message={t(failure ? 'notifications.saveFailed' : 'notifications.loadFailed')} onClose={failure ? () => setFailure(undefined) : undefined} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="technical-heading">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h3" component="h2" id="technical-heading">
            {t('notifications.title')}
          </Typography>
          <IconButton size="small" aria-label={t('notifications.help')} onClick={(e) => setHelp(e.currentTarget)} aria-describedby={help ? 'technical-help' : undefined}>
            <HelpOutline fontSize="small" />
          </IconButton>
          <Popover
            id="technical-help"
            open={!!help}
            anchorEl={help}
            onClose={() => setHelp(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            slotProps={{ paper: { sx: { p: 2, maxWidth: 360 } } }}
          >
            <Typography variant="body2">{t('notifications.helpText')}</Typography>
          </Popover>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('notifications.text')}
        </Typography>
        {checked === undefined ? (
          query.isLoading && <Skeleton variant="rounded" width={220} height={38} />
        ) : (
          <FormControlLabel
            control={<Switch checked={checked} disabled={saving.isLoading} onChange={(e) => void toggle(e.target.checked)} />}
            label={checked ? t('notifications.activated') : t('notifications.deactivated')}
          />
        )}
      </Paper>
    </Stack>
  );
}
