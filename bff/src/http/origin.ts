import type { IncomingMessage } from 'node:http';
import type { Config, Logger } from '@portal/core/platform';

/** The loopback names a developer may type for the portal on this machine. */
const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a browser Origin may call the API anonymously (sign-in, …) and open the socket: the
 * PUBLIC_URL's origin and ALLOWED_ORIGINS; without PUBLIC_URL (development) also the loopback names of
 * the port the request came in on, so `http://127.0.0.1:3000/a/` works as well as `http://localhost:3000/a/`.
 */
export function originAllowed(config: Config, origin: string, localPort: number | undefined): boolean {
  if (origin === config.publicOrigin || config.devOrigins.includes(origin)) return true;
  if (config.publicUrlConfigured) return false;
  const ports = new Set([String(config.PORT), String(localPort ?? '')]);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return url.protocol === 'http:' && url.origin === origin && loopbackHosts.includes(url.hostname) && ports.has(port);
}

/** The port of the server socket a request arrived on (the listening port, also with PORT=0). */
export const localPortOf = (req: IncomingMessage): number | undefined => req.socket?.localPort;

/** Logs a refused Origin with what would have been accepted, so the operator sees the cause at once. */
export function logRefusedOrigin(logger: Logger, config: Config, origin: string, where: 'api' | 'socket', requestId?: string): void {
  logger.warn(
    { origin, publicUrl: config.PUBLIC_URL, allowedOrigins: config.devOrigins, where, requestId },
    'request from a foreign Origin refused: open the portal at PUBLIC_URL (or add the origin to ALLOWED_ORIGINS)',
  );
}
