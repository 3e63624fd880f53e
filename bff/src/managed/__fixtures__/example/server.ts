/** A tiny plugin that only tests use: a greeting per server, served by the server's nginx. */
import { defineServerPlugin, validationFailed, type PluginContext, type PluginDatabase, type PluginHandlers } from '@portal/plugin-sdk/server';
import { nginxProgram } from '../../../../../plugins/nginx/server/program.ts';
import { ExampleGreeting } from './ExampleGreeting.ts';
import { Migration20261122130100ExampleFixture } from './Migration20261122130100ExampleFixture.ts';

type Ctx = PluginContext<never> & { body: { text: string; broken?: boolean } };

// Letters, digits, spaces and a few punctuation marks: nothing that could end the quoted string.
const safeText = /^[\p{L}\p{N} ,.!?-]{1,80}$/u;

async function setText(em: PluginDatabase, serverId: number, text: string | null): Promise<void> {
  const row = await em.findOne(ExampleGreeting, { serverId });
  if (text === null) {
    if (row) em.remove(row);
  } else if (row) row.text = text;
  else em.create(ExampleGreeting, { serverId, text });
  await em.flush();
}

/** Test switch: this greeting is stored, then the handler fails. */
export const failAfterStoring = 'Fail after storing';

/** Test switch: this greeting renders a file of another plugin too (outside this plugin's paths). */
export const writeOutside = 'Write outside';

/** Test switch: the next render of these servers writes an nginx configuration that does not validate. */
const broken = new Set<number>();

/** What the host did with the plugin's lifecycle hooks (tests read it). */
export const exampleLifecycle = { startedWith: '', stopped: false };

export default defineServerPlugin<never, { host: string; port: number }>({
  start: (ports) => {
    exampleLifecycle.startedWith = ports.pluginId;
  },
  stop: () => {
    exampleLifecycle.stopped = true;
  },
  entities: [ExampleGreeting],
  migrations: [Migration20261122130100ExampleFixture],
  // A second plugin writing for the same nginx: the nginx plugin's descriptor with paths of its own.
  programs: [{ ...nginxProgram, paths: ['/etc/nginx/conf.d/example.conf'], reads: ['/var/log/nginx/example.*'] }],
  steps: { service: 'nginx' },
  state: { entities: [ExampleGreeting] },
  prepare: ({ gateway }) => gateway.listenAddress('nginx', 80),
  render: async ({ em, server, prepared: { host, port }, hostPath }) => {
    const text = (await em.findOne(ExampleGreeting, { serverId: server.id }))?.text;
    if (text === undefined) return [];
    const conf = `server {\n  listen ${host}:${port};\n  access_log ${hostPath('/var/log/nginx/example.access.log')};\n  location / { return 200 "${text}"; }\n${broken.has(server.id) ? '  bogus_directive on;\n' : ''}}\n`;
    return [
      { path: '/etc/nginx/conf.d/example.conf', content: conf },
      ...(text === writeOutside ? [{ path: '/etc/nginx/conf.d/portal.conf', content: '# not this plugin\'s file\n' }] : []),
    ];
  },
  handlers: (ports) =>
    ({
      getExampleGreeting: async (c: Ctx) => ({ text: (await c.em.findOne(ExampleGreeting, { serverId: c.server.id }))?.text ?? 'Hello' }),
      setExampleGreeting: async (c: Ctx) => {
        if (!safeText.test(c.body.text)) throw validationFailed({ text: ['example:errors.unsafe_text'] });
        const { job } = await ports.jobs.store(c, async (tx) => {
          await setText(tx, c.server.id, c.body.text);
          if (c.body.broken) broken.add(c.server.id);
          else broken.delete(c.server.id);
          return { key: 'example:changes.greeting', values: { text: c.body.text } };
        });
        // Test switch (issue 8, defect 5): a handler that fails after its write; the request must store nothing.
        if (c.body.text === failAfterStoring) throw new Error('deliberate failure after a write (test fixture)');
        return job;
      },
    }) as unknown as PluginHandlers<never>,
  fixtures: async ({ em, server }) => setText(em, server.id, 'Hello from the demo'),
});
