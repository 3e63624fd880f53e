import { checkField, defaultsOf } from '@portal/plugin-sdk';
import { config } from '../generated/config.ts';
import { checkApplication, checkSettingsRules } from './index.ts';
import { contextDir, render, serverXmlPath, setenvPath, webXmlPath } from './program.ts';

const defaults = defaultsOf(config);
const at = { prepared: { port: 18080 }, hostPath: (p: string) => `/sandbox${p}` };

describe('tomcat render', () => {
  it('renders server.xml with the connector on the loopback port, web.xml, setenv.sh with the heap and options, a context per application', () => {
    const files = render({ ...defaults, maxThreads: 80, connectionTimeoutMs: 5000, jvmOptions: '-XX:+UseSerialGC -Dfile.encoding=UTF-8' }, {
      ...at,
      desired: [{ name: 'shop', source: '/srv/apps/shop.war' }],
    });
    expect(files.map((f) => f.path)).toEqual([serverXmlPath, webXmlPath, setenvPath, `${contextDir}/shop.xml`]);
    expect(files[0]!.content).toMatch(/<Connector address="127.0.0.1" port="18080" protocol="HTTP\/1.1"\s+maxThreads="80" minSpareThreads="10"\s+connectionTimeout="5000" \/>/);
    expect(files[0]!.content).toContain('<Server port="-1"');
    expect(files[2]!.content).toContain('JAVA_OPTS="-Xms64m -Xmx256m -Djava.awt.headless=true -XX:+UseSerialGC -Dfile.encoding=UTF-8"\n');
    expect(files[3]!.content).toContain('<Context docBase="/sandbox/srv/apps/shop.war" />');
  });

  it('is pure: the same state gives the same files', () => {
    expect(render(defaults, at)).toEqual(render(defaults, at));
  });
});

describe('tomcat rules', () => {
  it('JVM options: only the allowed shapes, nothing that could leave the quoted line', () => {
    for (const ok of ['', '-XX:+UseG1GC', '-XX:MaxMetaspaceSize=128m -Dapp.env=prod', '-Xss512k', '-Dempty='])
      expect(checkField(config.fields.jvmOptions, ok)).toBeUndefined();
    for (const bad of ['-Xmx2g', '-XX:+A; rm -rf /', '-Da="b"', '-Dx=$(id)', '-XX:+A  -XX:+B', '-XX:+A\n-XX:+B', '-jar x.jar', '-XX:+A '])
      expect(checkField(config.fields.jvmOptions, bad)).toMatch(/^(pattern|characters)$/);
  });

  it('heap: the initial heap may not exceed the maximum', () => {
    expect(checkSettingsRules({ ...defaults, heapMinMb: 512, heapMaxMb: 256 })).toEqual({ heapMinMb: ['tomcat:errors.heap_min_above_max'] });
    expect(checkSettingsRules(defaults)).toBeUndefined();
  });

  it('applications: unique names, sources below /srv/ or /var/www/ only', () => {
    expect(checkApplication({ name: 'shop', source: '/srv/apps/shop.war' }, [])).toBeUndefined();
    expect(checkApplication({ name: 'shop', source: '/var/www/shop' }, [{ name: 'shop' }])).toEqual({ name: ['tomcat:errors.name_taken'] });
    for (const source of ['/etc/passwd', '/srv/../etc', '/srvx/a.war'])
      expect(checkApplication({ name: 'x', source }, [])).toEqual({ source: ['tomcat:errors.source_outside'] });
  });
});
