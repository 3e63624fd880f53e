/**
 * The running instances: the apply's check and restarts (`steps`), and what they serve (`getTomcatStatus`).
 *
 * Each instance runs as the program of its slot (`tomcat-<n>`); its slot file names it and carries a fingerprint of
 * its files, and `/run/tomcat10-portal/tomcat-<n>.started` keeps the slot file its running JVM was started with. An
 * instance whose slot file differs from that (or that does not run) has changed: only those are checked by
 * `catalina.sh configtest` and restarted — the others keep running. A slot file that is gone stops its instance.
 * Tomcat has no reload of `server.xml` or the JVM's options, so a change restarts: stop by pid, wait until the JVM is
 * gone, `catalina.sh start`, wait until the connector answers — a JVM that dies on the way fails the apply with the
 * end of its `catalina.out` (the family then writes the last version back and restarts with it).
 */
import type { CheckOutcome, ConfigFile, PluginHandlers, PluginPorts, ServerGateway } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { catalinaOutOf, connectorAddress, contextPath, serverXmlOf, slotFileOf, slotName, slotProgramId, slots, startedOf } from './program.ts';
import { TomcatApplication } from './TomcatApplication.ts';
import { TomcatInstance } from './TomcatInstance.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tool = 'catalina.sh';

/** A slot whose instance changed: its new slot file differs from the one its JVM started with, or it does not run. */
async function changed(gateway: ServerGateway, slot: number, slotFile: string | null): Promise<boolean> {
  if (slotFile === null) return false;
  if ((await gateway.readFile(startedOf(slot))) !== slotFile) return true;
  return (await gateway.service(slotProgramId(slot)).status()).state !== 'running';
}

/** `catalina.sh configtest` on the written base of every changed instance (each with its own JVM options). */
export async function validate(gateway: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const outputs: string[] = [];
  for (const slot of slots) {
    const slotFile = files.find((f) => f.path === slotFileOf(slot))?.content ?? null;
    if (!(await changed(gateway, slot, slotFile))) continue;
    const name = slotName(slotFile)!;
    const r = await gateway.service(slotProgramId(slot)).validate();
    if (r.status === 'failed') return { status: 'failed', tool, output: `instance ${name}:\n${r.output}` };
    if (r.status === 'skipped') return r;
    outputs.push(`instance ${name}: configtest passed`);
  }
  return { status: 'passed', tool, output: outputs.join('\n') || 'no instance changed' };
}

/** Stops a slot's JVM and waits until it is gone (a JVM takes a moment to let its port go). */
async function stop(gateway: ServerGateway, slot: number): Promise<void> {
  const control = gateway.service(slotProgramId(slot));
  for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await control.status()).state === 'running'; await pause(200)) await control.stop();
}

/** The connector's port as rendered into the instance's server.xml (where it listens on this server). */
const listenPortOf = async (gateway: ServerGateway, name: string) => Number(/<Connector [^>]*port="(\d+)"/.exec((await gateway.readFile(serverXmlOf(name))) ?? '')?.[1] ?? 0);

/** Restart the changed instances with their new files, stop the removed ones, then wait until each started connector answers. */
export async function reload(gateway: ServerGateway, waitMs = 90_000): Promise<CheckOutcome> {
  const lines: string[] = [];
  // The single instance before instances (the `default` instance's files were its files): stopped once.
  const legacy = gateway.service('tomcat');
  if ((await legacy.status()).state === 'running') {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await legacy.status()).state === 'running'; await pause(200)) await legacy.stop();
    lines.push('the single instance before instances: stopped');
  }
  for (const slot of slots) {
    const slotFile = await gateway.readFile(slotFileOf(slot));
    const control = gateway.service(slotProgramId(slot));
    if (slotFile === null) {
      if ((await control.status()).state === 'running') {
        await stop(gateway, slot);
        lines.push(`${slotProgramId(slot)}: stopped (instance removed)`);
      }
      await gateway.removeFile(startedOf(slot));
      continue;
    }
    const name = slotName(slotFile)!;
    if (!(await changed(gateway, slot, slotFile))) {
      lines.push(`instance ${name}: unchanged, keeps running`);
      continue;
    }
    await stop(gateway, slot);
    await gateway.removeFile(startedOf(slot));
    const started = await control.reload();
    if (started.status !== 'passed') return { ...started, output: `instance ${name}:\n${started.output ?? ''}` };
    const port = await listenPortOf(gateway, name);
    const at = await gateway.reach({ port });
    let answered = false;
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; await pause(250)) {
      if ((await probe(at, '/')) !== null) {
        answered = true;
        break;
      }
      if ((await control.status()).state !== 'running')
        return { status: 'failed', tool, output: `instance ${name}:\n${(await gateway.tail(catalinaOutOf(name), 40).catch(() => [])).join('\n') || 'tomcat ended'}` };
    }
    await gateway.writeFile({ path: startedOf(slot), content: slotFile });
    lines.push(answered ? `instance ${name}: restarted, HTTP connector answers on port ${port}` : `instance ${name}: started; its connector on port ${port} does not answer yet`);
  }
  return { status: 'passed', tool, output: lines.join('\n') };
}

/** The HTTP status a context answers (`null`: no answer within 3 s). */
async function probe(at: { host: string; port: number }, path: string): Promise<number | null> {
  try {
    const r = await fetch(`http://${at.host}:${at.port}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(3000) });
    await r.body?.cancel();
    return r.status;
  } catch {
    return null;
  }
}

export const statusHandlers = (ports: PluginPorts): Pick<PluginHandlers<Operations>, 'getTomcatStatus'> => ({
  getTomcatStatus: async (c) => {
    const gateway = ports.gateway(c.server.id);
    const rows = await c.em.find(TomcatInstance, { serverId: c.server.id }, { orderBy: { name: 'asc' } });
    const applications = await c.em.find(TomcatApplication, { serverId: c.server.id }, { orderBy: { name: 'asc' } });
    const instances = await Promise.all(
      rows.map(async (i) => {
        const running = (await gateway.service(slotProgramId(i.slot)).status()).state === 'running';
        const slotFile = await gateway.readFile(slotFileOf(i.slot));
        // The JVM of the slot runs this instance's files (the slot may have run another instance before).
        const current = running && slotName(slotFile) === i.name && (await gateway.readFile(startedOf(i.slot))) === slotFile;
        const listenPort = (await connectorAddress(gateway, i.port)).port;
        const at = await gateway.reach({ port: listenPort });
        const own = applications.filter((a) => a.instance === i.name);
        const answers = await Promise.all(own.map((a) => (running ? probe(at, contextPath(a.name)) : Promise.resolve(null))));
        return {
          id: i.id,
          name: i.name,
          running,
          port: i.port,
          ...(running ? { listenPort } : {}),
          heapMinMb: i.heapMinMb,
          heapMaxMb: i.heapMaxMb,
          current,
          applications: own.map((a, k) => ({ name: a.name, path: contextPath(a.name), status: answers[k] ?? null })),
        };
      }),
    );
    return { instances };
  },
});
