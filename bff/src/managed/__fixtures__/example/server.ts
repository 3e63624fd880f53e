/** A tiny plugin that only tests use: a greeting per server, served by the server's nginx. */
import { defineServerPlugin, validationFailed, type PluginContext, type PluginHandlers, type StateContext } from '@portal/plugin-sdk/server';
import type { EntityManager } from '@mikro-orm/core';
import { ExampleGreeting } from './ExampleGreeting.ts';
import { Migration20261122130100ExampleFixture } from './Migration20261122130100ExampleFixture.ts';

type Ctx = PluginContext<never> & { body: { text: string; broken?: boolean } };

// Letters, digits, spaces and a few punctuation marks: nothing that could end the quoted string.
const safeText = /^[\p{L}\p{N} ,.!?-]{1,80}$/u;

async function setText(em: EntityManager, serverId: number, text: string | null): Promise<void> {
  const row = await em.findOne(ExampleGreeting, { serverId });
  if (text === null) {
    if (row) em.remove(row);
  } else if (row) row.text = text;
  else em.create(ExampleGreeting, { serverId, text });
  await em.flush();
}

/** What the host did with the plugin's lifecycle hooks (tests read it). */
export const exampleLifecycle = { startedWith: '', stopped: false };

export default defineServerPlugin<never>({
  start: (ports) => {
    exampleLifecycle.startedWith = ports.pluginId;
  },
  stop: () => {
    exampleLifecycle.stopped = true;
  },
  entities: [ExampleGreeting],
  migrations: [Migration20261122130100ExampleFixture],
  steps: { service: 'nginx' },
  handlers: (ports) =>
    ({
      getExampleGreeting: async (c: Ctx) => ({ text: (await c.em.findOne(ExampleGreeting, { serverId: c.server.id }))?.text ?? 'Hello' }),
      setExampleGreeting: async (c: Ctx) => {
        if (!safeText.test(c.body.text)) throw validationFailed({ text: ['example:errors.unsafe_text'] });
        await c.em.transactional((tx) => setText(tx, c.server.id, c.body.text));
        const gw = ports.gateway(c.server.id);
        const { host, port } = await gw.listenAddress('nginx', 80);
        const conf = `server {\n  listen ${host}:${port};\n  access_log ${gw.hostPath('/var/log/nginx/example.access.log')};\n  location / { return 200 "${c.body.text}"; }\n${c.body.broken ? '  bogus_directive on;\n' : ''}}\n`;
        const { job } = await ports.jobs.apply(c, {
          summary: { key: 'example:changes.greeting', values: { text: c.body.text } },
          files: [{ path: '/etc/nginx/conf.d/example.conf', content: conf }],
          snapshot: { text: c.body.text },
        });
        return job;
      },
    }) as unknown as PluginHandlers<never>,
  restore: async ({ em, server }: StateContext, snapshot) => setText(em, server.id, (snapshot as { text?: string } | null)?.text ?? null),
  fixtures: async ({ em, server }) => setText(em, server.id, 'Hello from the demo'),
});
