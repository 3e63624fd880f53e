import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useAppDispatch } from '../../store';
import { ordersApi } from './ordersApi';
import { socketOptions, type RealtimeSocket } from '../../realtime/socket';

/**
 * Follows `order.changed` on the real-time channel (§7, /a/ws) while an orders screen is open: the
 * list and the detail modal reload, so a status moves live (pending → … → completed).
 */
export function useOrderUpdates(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const socket: RealtimeSocket = io(socketOptions);
    socket.on('order.changed', () => dispatch(ordersApi.util.invalidateTags(['Orders'])));
    socket.on('connect', () => {
      // Changes between the first fetch and the (re)connection were not heard: fetch again once connected.
      dispatch(ordersApi.util.invalidateTags(['Orders']));
      document.documentElement.dataset.ordersRealtime = 'connected';
    });
    return () => {
      socket.disconnect();
      delete document.documentElement.dataset.ordersRealtime;
    };
  }, [dispatch]);
}
