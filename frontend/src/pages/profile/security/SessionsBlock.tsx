import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEndOtherSessionsMutation, useListSessionsQuery } from '../../../api/security';
import { useAppDispatch } from '../../../store';
import { callFailed } from '../../../ui/notify';
import { alertAdded } from '../../../ui/uiSlice';
import { describeUserAgent } from './userAgent';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

/** The user's active sessions, this one marked, with "log out all other sessions". */
export function SessionsBlock() {
  const { t, i18n } = useTranslation('security');
  const dispatch = useAppDispatch();
  const sessions = useListSessionsQuery();
  const [endOthers, ending] = useEndOtherSessionsMutation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'medium', timeStyle: 'short' });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="sessions-heading">
      <Typography variant="h3" component="h2" id="sessions-heading" sx={{ mb: 1 }}>
        {t('sessions.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('sessions.description')}
      </Typography>
      {sessions.isLoading ? (
        <Skeleton height={64} />
      ) : sessions.isError ? (
        <Alert severity="error">{t('sessions.loadError')}</Alert>
      ) : (
        <>
          <List aria-labelledby="sessions-heading" data-testid="sessions">
            {list.map((s) => (
              <ListItem key={s.id} divider disableGutters data-current={s.current || undefined}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{describeUserAgent(s.userAgent) ?? t('sessions.unknownBrowser')}</span>
                      {s.current && <Chip size="small" color="primary" variant="outlined" label={t('sessions.current')} />}
                    </Stack>
                  }
                  secondary={[
                    t('sessions.lastActive', { date: format.format(new Date(s.lastSeenAt)) }),
                    t('sessions.signedInAt', { date: format.format(new Date(s.createdAt)) }),
                    s.ip ? t('sessions.ip', { ip: s.ip }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              disabled={!others || ending.isLoading}
              onClick={async () => {
                const result = await endOthers();
                if ('error' in result) {
                  const notice = callFailed(result.error);
                  if (notice) dispatch(notice);
                } else dispatch(alertAdded({ type: 'success', message: t('sessions.loggedOut', { count: result.data.ended }) }));
              }}
            >
              {t('sessions.logoutOthers')}
            </Button>
            {!others && (
              <Typography variant="body2" color="text.secondary">
                {t('sessions.noOthers')}
              </Typography>
            )}
          </Stack>
        </>
      )}
    </Paper>
  );
}
