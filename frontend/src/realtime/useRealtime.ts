import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../api/session';
import { applyUserSettings } from '../auth/applyUser';
import { useAppDispatch, useAppSelector } from '../store';
import { alertAdded } from '../ui/uiSlice';
import { loadChunk } from '../shell/chunks';
import { whenIdle } from '../shell/idle';
import { clientId } from './clientId';
import { socketOptions, type RealtimeSocket } from './socket';
import { notificationsApi } from '../notifications/api';

/** The real-time channel (§7: websocket at /a/ws), open while signed in. */
export function useRealtime(): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const active = useAppSelector((s) => s.auth.status === 'authenticated' && !s.auth.lost);
  useEffect(() => {
    if (!active) return;
    // socket.io-client is fetched only after sign-in (issue 14): the sign-in page does not carry it.
    let closed = false;
    let disconnect = () => undefined as unknown;
    // … and not before the first screen is done: the channel is opened when the browser is idle.
    const cancelIdle = whenIdle(
      () =>
        void loadChunk(() => import('socket.io-client')).then(
          ({ io }) => {
            if (closed) return;
            const socket: RealtimeSocket = io(socketOptions);
            disconnect = () => socket.disconnect();
            // Settings changed in another tab or window of the same user.
            socket.on('user.updated', async (event) => {
              if (event.payload.origin === clientId) return;
              const me = await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }))
                .unwrap()
                .catch(() => undefined);
              if (!me) return;
              applyUserSettings(dispatch, me);
              dispatch(alertAdded({ type: 'info', message: t('realtime.settingsSynced') }));
            });
            // A notice for this user (notification centre): the bell's count and list reload at once.
            socket.on('notification.created', () => dispatch(notificationsApi.util.invalidateTags(['Notifications'])));
            // The instance is shutting down (graceful restart): come back after the delay it names, then as usual.
            socket.on('server.restarting', ({ reconnectInMs }) => {
              socket.io.reconnectionDelay(reconnectInMs);
              socket.io.reconnectionDelayMax(Math.max(reconnectInMs, 5_000));
            });
            socket.on('connect', () => {
              socket.io.reconnectionDelay(1_000);
              // Notices created before this (re)connection were not heard (the socket connects after the first
              // fetch, and a restart drops it for a moment): fetch the bell's list again once connected.
              dispatch(notificationsApi.util.invalidateTags(['Notifications']));
              document.documentElement.dataset.realtime = 'connected';
            });
            socket.on('disconnect', () => (document.documentElement.dataset.realtime = 'disconnected'));
          },
          () => undefined /* loadChunk reported it: the reload warning (§8) */,
        ),
    );
    document.documentElement.dataset.realtime = 'connecting';
    return () => {
      closed = true;
      cancelIdle();
      disconnect();
      delete document.documentElement.dataset.realtime;
    };
  }, [active, dispatch, t]);
}
