import { useCallback, useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { socketOptions, type RealtimeSocket } from '../realtime/socket';

type Listener = (payload: unknown) => void;

/**
 * A real-time connection that follows one server (room `server:<id>`): it asks to join on every
 * (re)connect, and hands `{ payload }` of each event to the listeners of its type.
 */
export function useManagedSocket(clusterId: number, serverId: number): { subscribe(type: string, listener: Listener): () => void; connected: boolean } {
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Map<string, Set<Listener>>());
  const socketRef = useRef<RealtimeSocket | null>(null);

  useEffect(() => {
    const socket: RealtimeSocket = io(socketOptions);
    socketRef.current = socket;
    const join = () => {
      socket.emit('managed:subscribe', { clusterId, serverId }, (reply) => setConnected(reply.ok));
    };
    socket.on('connect', join);
    socket.on('disconnect', () => setConnected(false));
    socket.onAny((type: string, event: { payload?: unknown }) => {
      for (const l of listeners.current.get(type) ?? []) l(event?.payload);
    });
    return () => {
      socket.disconnect();
      socketRef.current = null;
      setConnected(false);
    };
  }, [clusterId, serverId]);

  const subscribe = useCallback((type: string, listener: Listener) => {
    const set = listeners.current.get(type) ?? new Set<Listener>();
    listeners.current.set(type, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, []);

  return { subscribe, connected };
}
