import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@portal/openapi/realtime';

/** The web app's end of the real-time channel, typed by the event map the BFF's server uses as well. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The options every socket of the web app opens with (§7: `/a/ws`, the session cookie). */
export const socketOptions = { path: '/a/ws', transports: ['websocket', 'polling'], withCredentials: true };
