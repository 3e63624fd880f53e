/**
 * Issue 25: a Node.js application published through the server's web server. The real portal with every plugin:
 * the app runs under the private supervisord, its proxy location is published with the nginx section's own
 * operation (the values the nodejs section gives: key and instance addresses), applied by nginx's job (`nginx -t`,
 * reload, change log), and a request to the site's path through the private nginx is answered by the app's instances.
 */
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { listSites, requestSite } from '@portal/plugin-sdk/webserver';
import type { ApiOperations } from '../generated/operations.ts';
import { appPaths } from './program.ts';
import { answers as instanceAnswers } from './release.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { allPlugins: true });
}, 120_000);
afterAll(() => t?.stop());

const gw = () => t.portal.managed.gateway(t.server.id);
const host = 'node.mueller-schmidt-shop.example';
const nginx = (path: string) => `${t.base()}/nginx${path}`;
const through = async (path: string) => {
  const site = (await listSites(gw())).find((s) => s.server === 'nginx' && s.names.includes(host));
  expect(site).toBeDefined();
  return requestSite(gw(), site!, path);
};

const both = hasProgram('supervisord') && hasProgram('nginx') ? describe : describe.skip;

both('R2.030 nodejs app published through the private nginx (issue 25)', () => {
  it('publishes the app on a site path: nginx forwards to both instances; removing it removes the location', async () => {
    const created = await t.api.call('createNodejsApp', { body: { name: 'greeter', nodeVersion: '20', script: 'server.js', port: 3700, instances: 2, environment: 'GREETING=hello' } });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    const app = (await t.api.call('listNodejsApps')).body.data.find((a) => a.name === 'greeter')!;
    await gw().writeFile({
      path: `${appPaths('greeter').releases}/r1/server.js`,
      content: "require('node:http').createServer((q, s) => s.end(`greeter ${q.url} ${process.env.GREETING} ${process.env.NODE_APP_INSTANCE}`)).listen(Number(process.env.PORT), process.env.HOST);\n",
    });
    const switched = await t.api.call('switchNodejsRelease', { path: { appId: app.id }, body: { release: 'r1' } });
    expect(switched.body).toMatchObject({ outcome: 'switched' });
    expect((await t.waitForJob(switched.body.jobId!)).status).toBe('succeeded');

    const site = await t.admin.request('POST', nginx('/vhosts'), { serverNames: [host], documentRoot: 'node/public', backend: 'static' });
    expect(site.status).toBe(201);
    const proxy = await t.api.call('getNodejsAppProxy', { path: { appId: app.id } });
    expect(proxy.body).toMatchObject({ key: 'nodejs-greeter' });
    expect(proxy.body.upstreams).toHaveLength(2);

    // A path without its closing `/` is refused (the contract's pattern); nothing is stored.
    const refused = await t.admin.request('PUT', nginx(`/proxy-locations/${proxy.body.key}`), { vhostId: site.body.id, path: '/app', upstreams: proxy.body.upstreams });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ path: ['validation.pattern'] });

    const published = await t.admin.request('PUT', nginx(`/proxy-locations/${proxy.body.key}`), { vhostId: site.body.id, path: '/app/', upstreams: proxy.body.upstreams });
    expect(published.status).toBe(202);
    expect(await t.waitForJob(published.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed' } });
    const listed = await t.admin.request('GET', nginx('/proxy-locations'));
    expect(listed.body.data).toEqual([expect.objectContaining({ key: 'nodejs-greeter', vhostId: site.body.id, vhostName: host, path: '/app/', websocket: true, timeoutSeconds: 60 })]);
    expect(await gw().readFile(`/etc/nginx/portal/sites/${host}.conf`)).toContain('upstream portal_proxy_nodejs_greeter {');

    // Under load an instance may still be starting after the switch (nginx then answers 502): both must answer
    // directly before anything is asked through nginx.
    for (const instance of [0, 1]) expect([instance, await instanceAnswers(gw(), { name: 'greeter', port: 3700 }, instance, 30_000)]).toEqual([instance, true]);

    // Real HTTP through nginx: the prefix is stripped, the instances take turns.
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await through('/app/hello?x=1');
      expect(r?.status).toBe(200);
      answers.add(r!.body.toString());
    }
    expect([...answers].sort()).toEqual(['greeter /hello?x=1 hello 0', 'greeter /hello?x=1 hello 1']);
    const changes = await t.admin.request('GET', `${t.base()}/managed/changes?plugin=nginx`);
    expect(JSON.stringify(changes.body)).toContain('nginx:changes.proxyPublished');

    const removed = await t.admin.request('DELETE', nginx(`/proxy-locations/${proxy.body.key}`));
    expect(removed.status).toBe(202);
    expect((await t.waitForJob(removed.body.id)).status).toBe('succeeded');
    expect((await t.admin.request('GET', nginx('/proxy-locations'))).body.data).toEqual([]);
    expect(await gw().readFile(`/etc/nginx/portal/sites/${host}.conf`)).not.toContain('portal_proxy_nodejs_greeter');
    const after = await through('/app/hello');
    expect(after?.status).toBe(404);
  }, 180_000);
});
