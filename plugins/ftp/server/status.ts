/**
 * The daemon's state and its recent logins: the program status the gateway reports, and the portal's login log
 * (`ExtendedLog … AUTH portal_auth`: `<iso8601> <client> <login> <command> <code>`), whose `PASS` lines say how each
 * login attempt ended (230 accepted, anything else refused).
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { authLogPath } from './program.ts';

export interface LoginEvent {
  at: string;
  login: string;
  outcome: 'accepted' | 'refused';
  client: string;
}

const line = /^(\S+ \S+|\S+) (\S+) (\S+) PASS (\d{3})$/;

/** The login attempts of the log's lines, newest first. */
export function parseLogins(lines: readonly string[], limit = 50): LoginEvent[] {
  const out: LoginEvent[] = [];
  for (const l of lines) {
    const m = line.exec(l.trim());
    if (!m) continue;
    out.push({ at: m[1]!.slice(0, 64), client: m[2]!.slice(0, 64), login: m[3]!.slice(0, 64), outcome: m[4] === '230' ? 'accepted' : 'refused' });
  }
  return out.reverse().slice(0, limit);
}

/** The status answer: the daemon's state, its address, the last logins. */
export async function readStatus(gw: ServerGateway) {
  const status = await gw.service('proftpd').status();
  const logins = parseLogins(await gw.tail(authLogPath, 400));
  return {
    state: status.state,
    ...(status.endpoint ? { address: `${status.endpoint.host}:${status.endpoint.port}` } : {}),
    logins,
  };
}
