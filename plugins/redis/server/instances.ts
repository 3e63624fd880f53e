/**
 * The running instances: the apply's check and restarts (`steps`), and their state (`getRedisStatus`).
 *
 * `default` runs as the program `redis` (`/etc/redis/redis.conf`), each named instance as the program of its slot
 * (`redis-<n>`; its slot file names it and carries a fingerprint of its file). `/run/redis/<program>.started` keeps
 * what the running redis-server was started with (the slot file; for `default` the fingerprint of its file). An
 * instance whose file differs from that (or that does not run) has changed: only those are checked by starting
 * redis-server on their file and restarted — the others keep running (redis reads its file only when it starts; a
 * restart saves an RDB snapshot first when a schedule is set). A slot file that is gone stops its instance; the
 * `default` file gone (the first change undone) stops `default`.
 */
import type { CheckOutcome, ConfigFile, PluginDatabase, PluginHandlers, PluginPorts, ServerGateway } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { infoNumber, parseInfo, withRedis } from './client.ts';
import { RedisInstance } from './entities.ts';
import {
  configPath,
  defaultInstance,
  defaultPort,
  fingerprint,
  instanceAddress,
  redisAddress,
  slotFileOf,
  slotName,
  slotProgramId,
  slots,
  startedOf,
} from './program.ts';

const tool = 'redis-server';
const defaultMark = (config: string) => `files=${fingerprint(config)}\n`;

/** Whether a program's instance must (re)start: what it started with differs from `expected`, or it does not run. */
async function changed(gateway: ServerGateway, program: string, expected: string | null): Promise<boolean> {
  if (expected === null) return false;
  if ((await gateway.readFile(startedOf(program))) !== expected) return true;
  return (await gateway.service(program).status()).state !== 'running';
}

/** The instances an apply touches: program, instance name and the mark it starts with (`null`: no file, stop it). */
async function units(gateway: ServerGateway, files?: readonly ConfigFile[]) {
  const read = async (path: string) => (files ? (files.find((f) => f.path === path)?.content ?? null) : await gateway.readFile(path));
  const config = await read(configPath);
  const out = [{ program: 'redis', name: defaultInstance, mark: config === null ? null : defaultMark(config) }];
  for (const slot of slots) {
    const slotFile = await read(slotFileOf(slot));
    out.push({ program: slotProgramId(slot), name: slotName(slotFile) ?? '', mark: slotFile });
  }
  return out;
}

/** The check: redis-server loads the file of `default` (always, as before instances) and of every changed named instance. */
export async function validate(gateway: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const lines: string[] = [];
  for (const u of await units(gateway, files)) {
    if (u.mark === null || (u.program !== 'redis' && !(await changed(gateway, u.program, u.mark)))) continue;
    const r = await gateway.service(u.program).validate();
    const named = u.program === 'redis' ? '' : `instance ${u.name}: `;
    if (r.status === 'failed') return { ...r, output: named ? `instance ${u.name}:\n${r.output ?? ''}` : r.output };
    if (r.status === 'skipped') return r;
    lines.push(`${named}${r.output ?? 'configuration loaded'}`);
  }
  return { status: 'passed', tool, output: lines.join('\n') || 'no configuration' };
}

/** Restarts the changed instances with their files, stops the removed ones; the unchanged keep running. */
export async function reload(gateway: ServerGateway): Promise<CheckOutcome> {
  const lines: string[] = [];
  for (const u of await units(gateway)) {
    const control = gateway.service(u.program);
    if (u.mark === null) {
      if ((await control.status()).state === 'running') {
        await control.stop();
        lines.push(u.program === 'redis' ? 'no configuration: stopped' : `${u.program}: stopped (instance removed)`);
      }
      await gateway.removeFile(startedOf(u.program));
      continue;
    }
    if (!(await changed(gateway, u.program, u.mark))) {
      lines.push(`instance ${u.name}: unchanged, keeps running`);
      continue;
    }
    await gateway.removeFile(startedOf(u.program));
    const started = await control.reload(); // stop (SIGTERM: an RDB snapshot when a schedule is set) and start
    if (started.status !== 'passed') return { ...started, output: `instance ${u.name}:\n${started.output ?? ''}` };
    await gateway.writeFile({ path: startedOf(u.program), content: u.mark, mode: 0o644 });
    lines.push(`instance ${u.name}: restarted`);
  }
  return { status: 'passed', tool, output: lines.join('\n') };
}

/** The used memory of a running instance (`INFO`), `undefined` when it cannot be reached. */
const usedMemory = async (gateway: ServerGateway, serverId: number, port?: number) =>
  withRedis(gateway, serverId, async (client) => infoNumber(parseInfo(await client.info('memory')), 'used_memory'), port);

export const statusHandlers = (
  ports: PluginPorts,
  settingsOf: (em: PluginDatabase, serverId: number) => Promise<{ maxmemoryMb: number }>,
): Pick<PluginHandlers<Operations>, 'getRedisStatus'> => ({
  getRedisStatus: async (c) => {
    const gateway = ports.gateway(c.server.id);
    const rows = await c.em.find(RedisInstance, { serverId: c.server.id }, { orderBy: { name: 'asc' } });
    const state = async (program: string, expected: string | null) => {
      const running = (await gateway.service(program).status()).state === 'running';
      return { running, current: running && expected !== null && (await gateway.readFile(startedOf(program))) === expected };
    };
    const config = await gateway.readFile(configPath);
    const first = await state('redis', config === null ? null : defaultMark(config));
    const instances = [
      {
        id: null,
        name: defaultInstance,
        port: defaultPort,
        ...first,
        ...(first.running ? { listenPort: (await redisAddress(gateway)).port } : {}),
        maxmemoryMb: (await settingsOf(c.em, c.server.id)).maxmemoryMb,
        ...(first.running ? { usedMemoryBytes: (await usedMemory(gateway, c.server.id)) ?? 0 } : {}),
      },
    ];
    for (const i of rows) {
      const slotFile = await gateway.readFile(slotFileOf(i.slot));
      // The slot's redis-server runs this instance's file (the slot may have run another instance before).
      const s = await state(slotProgramId(i.slot), slotName(slotFile) === i.name ? slotFile : null);
      const running = s.running && slotName(slotFile) === i.name;
      instances.push({
        id: i.id as never,
        name: i.name,
        port: i.port,
        running,
        current: s.current,
        ...(running ? { listenPort: (await instanceAddress(gateway, i.port)).port } : {}),
        maxmemoryMb: i.maxmemoryMb,
        ...(running ? { usedMemoryBytes: (await usedMemory(gateway, c.server.id, i.port)) ?? 0 } : {}),
      });
    }
    return { instances };
  },
});
