import NotificationsIcon from '@mui/icons-material/Notifications';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../store';
import { callFailed } from '../ui/notify';
import { badgeLabel, useListNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation, type Notice } from './api';
import { NoticeItem } from './NoticeItem';

/**
 * The bell in the top bar (§2) with the unread count (9+ above nine, §9) and the notification centre:
 * the notices, newest first, and "mark all read". New notices arrive over the real-time channel.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [scrollRoot, setScrollRoot] = useState<HTMLElement | null>(null);
  const { data, isLoading, isError, refetch } = useListNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = data?.meta.unread ?? 0;

  const read = useCallback(
    (id: string) => {
      markRead(id)
        .unwrap()
        .catch((e: unknown) => {
          const action = callFailed(e);
          if (action) dispatch(action);
        });
    },
    [markRead, dispatch],
  );
  const followed = (n: Notice) => {
    if (!n.external) setAnchor(null);
  };

  const label = unread ? t('bellUnread', { count: unread, shown: badgeLabel(unread) }) : t('bell');
  return (
    <>
      <IconButton color="inherit" aria-label={label} title={label} aria-haspopup="dialog" aria-expanded={!!anchor} onClick={(e) => setAnchor(e.currentTarget)} data-testid="notification-bell" sx={{ p: { xs: 0.5, sm: 1 } }}>
        <Badge badgeContent={unread ? badgeLabel(unread) : undefined} color="error" data-testid="notification-badge" overlap="circular">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'notification-centre-title', sx: { width: 'min(420px, calc(100vw - 16px))', maxHeight: 'min(640px, calc(100vh - 80px))', display: 'flex', flexDirection: 'column' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
          <Typography id="notification-centre-title" component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('title')}
          </Typography>
          <Button
            size="small"
            disabled={!unread || markingAll.isLoading}
            onClick={() => {
              // The button is disabled while marking and with nothing unread: keep keyboard focus inside the
              // centre (on the list) instead of losing it to the page, where Escape would no longer close it.
              scrollRoot?.focus();
              markAll()
                .unwrap()
                .catch((e: unknown) => {
                  const action = callFailed(e);
                  if (action) dispatch(action);
                });
            }}
          >
            {t('markAllRead')}
          </Button>
        </Box>
        <Box ref={setScrollRoot} sx={{ overflowY: 'auto', flex: 1 }} data-testid="notification-list" tabIndex={-1}>
          {isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }} role="status" aria-label={t('loading')}>
              <CircularProgress size={28} />
            </Box>
          ) : isError ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  {t('retry')}
                </Button>
              }
            >
              {t('loadFailed')}
            </Alert>
          ) : !data?.data.length ? (
            <Typography sx={{ p: 3 }} color="text.secondary">
              {t('empty')}
            </Typography>
          ) : (
            <List disablePadding aria-label={t('title')}>
              {data.data.map((n) => (
                <NoticeItem key={n.id} notice={n} scrollRoot={scrollRoot} onRead={read} onFollow={followed} />
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
