import { commandScripts } from './program.ts';
import { renderEnvFile, renderFiles, renderProgramFile, type Prepared, type RenderableApp } from './render.ts';
import { checkApp, mergeEnvironment, parseEnvironment } from './rules.ts';

const app: RenderableApp = {
  id: 1,
  name: 'api',
  nodeVersion: '20',
  script: 'dist/main.mjs',
  port: 3000,
  instances: 2,
  release: 'r1',
  environment: [
    ['NODE_ENV', 'production'],
    ['API_KEY', 'a "b" #c 100%'],
  ],
};
const prepared: Prepared = {
  runtimes: { '20': '/usr/bin/node', '24': '/opt/node24/bin/node' },
  addresses: { 'api-0': { host: '127.0.0.1', port: 41000 }, 'api-1': { host: '127.0.0.1', port: 41001 } },
  user: 'www-data',
};

describe('nodejs render', () => {
  it('writes one program per instance with its own PORT, grouped, running current/<script> with the env file', () => {
    const out = renderProgramFile([app], prepared, (p) => `/sb${p}`);
    expect(out).toContain('[program:node-api-0]\ncommand=/usr/bin/node --env-file=/sb/etc/nodejs/api.env /sb/var/www/nodejs/api/current/dist/main.mjs\n');
    expect(out).toContain('directory=/sb/var/www/nodejs/api/current\n');
    expect(out).toContain('environment=PORT="41001",HOST="127.0.0.1",NODE_APP_INSTANCE="1"');
    expect(out).toContain('[group:node-api]\nprograms=node-api-0,node-api-1');
    expect(out).toContain('stdout_logfile=/sb/var/log/supervisor/nodejs-api-1.log');
    expect(commandScripts(out)).toEqual([
      { node: '/usr/bin/node', script: '/sb/var/www/nodejs/api/current/dist/main.mjs' },
      { node: '/usr/bin/node', script: '/sb/var/www/nodejs/api/current/dist/main.mjs' },
    ]);
  });
  it('keeps secret values out of the program file: they are only in the env file, marked secret and 0600', () => {
    const files = renderFiles([app], prepared);
    expect(files[0].content).not.toContain('API_KEY');
    expect(files[1]).toMatchObject({ path: '/etc/nodejs/api.env', mode: 0o600, secret: true });
    expect(renderEnvFile(app)).toContain(`API_KEY='a "b" #c 100%'\n`);
  });
  it('leaves out an app without a release and refuses an unknown version or a quote in a value', () => {
    expect(renderProgramFile([{ ...app, release: '' }], prepared)).not.toContain('[program:');
    expect(() => renderProgramFile([{ ...app, nodeVersion: '18' }], prepared)).toThrow(/not installed/);
    expect(() => renderEnvFile({ ...app, environment: [['A', "it's"]] })).toThrow(/not allowed/);
  });
});

describe('nodejs rules', () => {
  const existing = [{ id: 1, name: 'api', port: 3000, instances: 2, environmentNames: 'API_KEY' }];
  const input = { name: 'web', nodeVersion: '20', port: 3100, instances: 1, environment: 'A=1' };
  it('accepts a free port range and an installed version', () => {
    expect(checkApp(input, existing, ['20', '24'])).toBeUndefined();
  });
  it('refuses overlapping ports (the health-check port counts), a duplicate name and a missing version', () => {
    expect(checkApp({ ...input, port: 3002 }, existing, ['20'])).toEqual({ port: ['nodejs:errors.port_taken'] });
    expect(checkApp({ ...input, port: 65000, instances: 8 }, [], ['20'])).toBeUndefined();
    expect(checkApp({ ...input, name: 'api' }, existing, ['24'])).toEqual({ name: ['nodejs:errors.duplicate'], nodeVersion: ['nodejs:errors.version_missing'] });
    expect(checkApp({ ...input, name: 'api', port: 3000 }, existing, ['20'], 1)).toBeUndefined();
  });
  it('parses the environment: a name alone keeps the stored value, PORT is the portal’s, unknown names refused', () => {
    expect(parseEnvironment('A=1\n\nB\nC=x=y # z')).toEqual([{ name: 'A', value: '1' }, { name: 'B' }, { name: 'C', value: 'x=y # z' }]);
    expect(mergeEnvironment([{ name: 'API_KEY' }, { name: 'A', value: '2' }], [['API_KEY', 'secret']])).toEqual([
      ['API_KEY', 'secret'],
      ['A', '2'],
    ]);
    expect(checkApp({ ...input, name: 'api', port: 3000, environment: 'API_KEY' }, existing, ['20'], 1)).toBeUndefined();
    expect(checkApp({ ...input, environment: 'API_KEY' }, existing, ['20'])).toEqual({ environment: ['nodejs:errors.environment_unknown'] });
    expect(checkApp({ ...input, environment: 'PORT=1' }, existing, ['20'])).toEqual({ environment: ['nodejs:errors.environment_reserved'] });
    expect(checkApp({ ...input, environment: 'A=1\nA=2' }, existing, ['20'])).toEqual({ environment: ['nodejs:errors.environment_format'] });
  });
});
