/**
 * The running fail2ban's jails and bans, through its socket (`fail2ban-client -s <socket> …`): `status` lists the
 * jails, `status <jail>` their figures and banned addresses; `set <jail> banip|unbanip <address>` acts at once.
 */
import type { ServerGateway } from '@portal/plugin-sdk/server';
import { socketPath } from './program.ts';

export interface JailBans {
  jail: string;
  currentlyFailed: number;
  totalBanned: number;
  banned: string[];
}

const client = (gw: ServerGateway, args: string[]) => gw.run({ tool: 'fail2ban-client', args: ['-s', { path: socketPath }, ...args], timeoutMs: 10_000 });

/** `Jail list:	sshd, apache-auth` of `status`. */
export function parseJailList(output: string): string[] {
  const line = /Jail list:\s*(.*)$/m.exec(output)?.[1] ?? '';
  return line.split(',').map((s) => s.trim()).filter(Boolean);
}

/** The figures of `status <jail>`. */
export function parseJailStatus(jail: string, output: string): JailBans {
  const number = (label: string) => Number(new RegExp(`${label}:\\s*(\\d+)`).exec(output)?.[1] ?? 0);
  const list = /Banned IP list:[ \t]*(.*)$/m.exec(output)?.[1] ?? '';
  return { jail, currentlyFailed: number('Currently failed'), totalBanned: number('Total banned'), banned: list.split(/\s+/).filter(Boolean) };
}

/** The running jails with their bans; `undefined` while fail2ban does not answer. */
export async function readBans(gw: ServerGateway): Promise<JailBans[] | undefined> {
  const status = await client(gw, ['status']);
  if (status.exitCode !== 0) return undefined;
  const out: JailBans[] = [];
  for (const jail of parseJailList(status.stdout)) {
    const r = await client(gw, ['status', jail]);
    if (r.exitCode === 0) out.push(parseJailStatus(jail, r.stdout));
  }
  return out;
}

/** Bans or unbans an address in a running jail; whether fail2ban took it. */
export async function setBan(gw: ServerGateway, jail: string, address: string, ban: boolean): Promise<boolean> {
  const r = await client(gw, ['set', jail, ban ? 'banip' : 'unbanip', address]);
  return r.exitCode === 0;
}
