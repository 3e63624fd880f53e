import { checkField, defaultsOf } from '@portal/plugin-sdk';
import { checkField as checkResourceField } from '@portal/plugin-sdk/resources';
import { config } from '../generated/config.ts';
import { tomcatInstanceResource } from '../generated/resources.ts';
import { checkApplication, checkInstance, checkSettingsRules, freeSlot } from './index.ts';
import { contextDirOf, fingerprint, render, serverXmlOf, setenvOf, slotFileOf, slotName, webXmlOf, type InstanceSpec } from './program.ts';

const defaults = defaultsOf(config);
const instance = (name: string, slot: number, port: number, more: Partial<InstanceSpec> = {}): InstanceSpec => ({ ...defaults, name, slot, port, ...more });
const at = { prepared: { ports: { '8080': 18080, '8081': 18081 } }, hostPath: (p: string) => `/sandbox${p}` };

describe('tomcat render', () => {
  it('renders one CATALINA_BASE per instance: server.xml with its own loopback port, web.xml, setenv.sh, its contexts, its slot file', () => {
    const files = render({
      ...at,
      desired: {
        instances: [instance('default', 1, 8080, { maxThreads: 80, connectionTimeoutMs: 5000, jvmOptions: '-XX:+UseSerialGC -Dfile.encoding=UTF-8' }), instance('reports', 2, 8081)],
        applications: [
          { name: 'shop', source: '/srv/apps/shop.war', instance: 'default' },
          { name: 'shop', source: '/srv/apps/reports', instance: 'reports' },
        ],
      },
    });
    expect(files.map((f) => f.path)).toEqual([
      serverXmlOf('default'),
      webXmlOf('default'),
      setenvOf('default'),
      `${contextDirOf('default')}/shop.xml`,
      slotFileOf(1),
      serverXmlOf('reports'),
      webXmlOf('reports'),
      setenvOf('reports'),
      `${contextDirOf('reports')}/shop.xml`,
      slotFileOf(2),
    ]);
    expect(serverXmlOf('reports')).toBe('/var/lib/tomcat10-portal/instances/reports/conf/server.xml');
    expect(files[0]!.content).toMatch(/<Connector address="127.0.0.1" port="18080" protocol="HTTP\/1.1"\s+maxThreads="80" minSpareThreads="10"\s+connectionTimeout="5000" \/>/);
    expect(files[5]!.content).toContain('port="18081"');
    expect(files[0]!.content).toContain('<Server port="-1"');
    expect(files[2]!.content).toContain('JAVA_OPTS="-Xms64m -Xmx256m -Djava.awt.headless=true -XX:+UseSerialGC -Dfile.encoding=UTF-8"\n');
    expect(files[8]!.content).toContain('<Context docBase="/sandbox/srv/apps/reports" />');
    expect(slotName(files[4]!.content)).toBe('default');
    expect(files[4]!.content).toContain(`files=${fingerprint(files.slice(0, 4))}`);
  });

  it("a change of one instance changes only that instance's slot file (only it restarts)", () => {
    const desired = (maxThreads: number) => ({ instances: [instance('a', 1, 8080), instance('b', 2, 8081, { maxThreads })], applications: [] });
    const before = render({ ...at, desired: desired(50) });
    const after = render({ ...at, desired: desired(60) });
    const slot = (files: typeof before, n: number) => files.find((f) => f.path === slotFileOf(n))!.content;
    expect(slot(after, 1)).toBe(slot(before, 1));
    expect(slot(after, 2)).not.toBe(slot(before, 2));
  });

  it('is pure: the same state gives the same files; no instance, no files', () => {
    const desired = { instances: [instance('default', 1, 8080)], applications: [] };
    expect(render({ ...at, desired })).toEqual(render({ ...at, desired }));
    expect(render({ ...at, desired: { instances: [], applications: [] } })).toEqual([]);
  });
});

describe('tomcat rules', () => {
  it('JVM options: only the allowed shapes, nothing that could leave the quoted line (settings and instances alike)', () => {
    const checks = [(v: string) => checkField(config.fields.jvmOptions, v), (v: string) => checkResourceField(tomcatInstanceResource.fields.jvmOptions, v)];
    for (const check of checks) {
      for (const ok of ['', '-XX:+UseG1GC', '-XX:MaxMetaspaceSize=128m -Dapp.env=prod', '-Xss512k', '-Dempty=']) expect(check(ok)).toBeUndefined();
      for (const bad of ['-Xmx2g', '-XX:+A; rm -rf /', '-Da="b"', '-Dx=$(id)', '-XX:+A  -XX:+B', '-XX:+A\n-XX:+B', '-jar x.jar', '-XX:+A ']) expect(check(bad)).toMatch(/^(pattern|characters)$/);
    }
  });

  it('heap: the initial heap may not exceed the maximum', () => {
    expect(checkSettingsRules({ ...defaults, heapMinMb: 512, heapMaxMb: 256 })).toEqual({ heapMinMb: ['tomcat:errors.heap_min_above_max'] });
    expect(checkSettingsRules(defaults)).toBeUndefined();
  });

  it('instances: unique name and port, a fixed name, at most 8, the smallest free slot', () => {
    const existing = [instance('default', 1, 8080), instance('reports', 3, 8081)];
    const { slot: _slot, ...input } = instance('new', 0, 8082);
    expect(checkInstance(input, existing)).toBeUndefined();
    expect(checkInstance({ ...input, port: 8081 }, existing)).toEqual({ port: ['tomcat:errors.port_taken'] });
    expect(checkInstance({ ...input, name: 'reports' }, existing)).toEqual({ name: ['tomcat:errors.instance_taken'] });
    expect(checkInstance({ ...input, name: 'other', port: 8081 }, existing, existing[1])).toEqual({ name: ['tomcat:errors.name_fixed'] });
    expect(checkInstance({ ...input, name: 'reports', port: 8081, heapMaxMb: 128 }, existing, existing[1])).toBeUndefined();
    expect(checkInstance(input, Array.from({ length: 8 }, (_, i) => instance(`i${i}`, i + 1, 9000 + i)))).toEqual({ _: ['tomcat:errors.too_many_instances'] });
    expect(freeSlot(existing)).toBe(2);
  });

  it('applications: an existing instance, names unique per instance, sources below /srv/ or /var/www/ only', () => {
    const app = { name: 'shop', source: '/srv/apps/shop.war', instance: 'default' };
    expect(checkApplication(app, [], ['default'])).toBeUndefined();
    expect(checkApplication({ ...app, instance: 'nope' }, [], ['default'])).toEqual({ instance: ['tomcat:errors.instance_unknown'] });
    expect(checkApplication(app, [{ name: 'shop', instance: 'default' }])).toEqual({ name: ['tomcat:errors.name_taken'] });
    expect(checkApplication({ ...app, instance: 'reports' }, [{ name: 'shop', instance: 'default' }])).toBeUndefined();
    for (const source of ['/etc/passwd', '/srv/../etc', '/srvx/a.war']) expect(checkApplication({ ...app, source }, [])).toEqual({ source: ['tomcat:errors.source_outside'] });
  });
});
