/**
 * The running instance: the apply's check and restart (`steps`), and what it serves (`getTomcatInstance`).
 * Tomcat has no reload of `server.xml` or the JVM's options, so an apply restarts it: stop by pid, wait until the
 * connector's port is free (a JVM takes a moment to let it go), start, and wait until the connector answers — a
 * JVM that dies on the way fails the apply with the end of `catalina.out`.
 */
import type { CheckOutcome, PluginHandlers, PluginPorts, ServerGateway } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { catalinaOut, contextPath, serverXmlPath, tomcatAddress } from './program.ts';
import { TomcatApplication } from './TomcatApplication.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `catalina.sh configtest` on the written files; nothing to check once the instance's files are gone (undoing the first change). */
export async function validate(gateway: ServerGateway): Promise<CheckOutcome> {
  if ((await gateway.readFile(serverXmlPath)) === null) return { status: 'passed', tool: 'catalina.sh', output: 'no configuration' };
  return gateway.service('tomcat').validate();
}

/** Restart with the new files (or stop, when they are gone), then wait until the connector answers. */
export async function reload(gateway: ServerGateway, waitMs = 60_000): Promise<CheckOutcome> {
  const control = gateway.service('tomcat');
  const { port } = await tomcatAddress(gateway);
  // Reached through the gateway (over ssh: a forwarded port, where only an HTTP answer tells that the connector runs).
  const at = await gateway.reach({ port });
  const answers = async () => (await probe(at, '/')) !== null;
  if ((await control.status()).state === 'running') {
    await control.stop();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await answers()); ) await pause(200);
  }
  if ((await gateway.readFile(serverXmlPath)) === null) return { status: 'passed', tool: 'catalina.sh', output: 'no configuration: stopped' };
  const started = await control.reload();
  if (started.status !== 'passed') return started;
  for (const deadline = Date.now() + waitMs; Date.now() < deadline; await pause(250)) {
    if (await answers()) return { status: 'passed', tool: 'catalina.sh', output: `started, HTTP connector answers on port ${port}` };
    if ((await control.status()).state !== 'running')
      return { status: 'failed', tool: 'catalina.sh', output: (await gateway.tail(catalinaOut, 40).catch(() => [])).join('\n') || 'tomcat ended' };
  }
  return { status: 'passed', tool: 'catalina.sh', output: `started; the HTTP connector on port ${port} does not answer yet` };
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

export const instanceHandlers = (ports: PluginPorts): Pick<PluginHandlers<Operations>, 'getTomcatInstance'> => ({
  getTomcatInstance: async (c) => {
    const gateway = ports.gateway(c.server.id);
    const applications = await c.em.find(TomcatApplication, { serverId: c.server.id }, { orderBy: { name: 'asc' } });
    const running = (await gateway.service('tomcat').status()).state === 'running';
    const { port } = await tomcatAddress(gateway);
    const at = await gateway.reach({ port });
    const answers = await Promise.all(applications.map((a) => (running ? probe(at, contextPath(a.name)) : Promise.resolve(null))));
    return {
      running,
      ...(running ? { port } : {}),
      applications: applications.map((a, i) => ({ name: a.name, path: contextPath(a.name), status: answers[i] })),
    };
  },
});
