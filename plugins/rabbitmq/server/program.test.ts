import { defaultsOf } from '@portal/plugin-sdk';
import { LocalGateway, hasProgram } from '@portal/plugin-sdk/testing';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { patternProblem } from './index.ts';
import { passwordHash, passwordMatches } from './passwords.ts';
import { checkConfig, configPath, definitionsPath, envFile, envPath, nodeEnvironment, pluginsPath, rabbitmqProgram, render } from './program.ts';

const defaults = defaultsOf(config);
const prepared = { amqp: 35672, management: 35673, dist: 35674, epmd: 35675 };

describe('rabbitmq render', () => {
  it('renders the settings as rabbitmq.conf keys with listeners on the loopback interface at the prepared ports', () => {
    const files = render({ ...defaults, memoryHighWatermarkPercent: 55, maxMessageSizeMb: 2 }, { prepared });
    expect(files.map((f) => f.path)).toEqual([configPath, envPath, pluginsPath, definitionsPath]);
    const conf = files[0]!.content;
    expect(conf).toContain('\nlisteners.tcp.default = 127.0.0.1:35672\n');
    expect(conf).toContain('\nmanagement.tcp.ip = 127.0.0.1\nmanagement.tcp.port = 35673\n');
    expect(conf).toContain('\nvm_memory_high_watermark.relative = 0.55\ndisk_free_limit.absolute = 50MB\nheartbeat = 60\nchannel_max = 2047\nmax_message_size = 2097152\n');
    expect(envFile(files[1]!.content)).toEqual({ DIST_PORT: '35674', ERL_EPMD_PORT: '35675' });
    expect(files[2]!.content).toBe('[rabbitmq_management].\n');
  });

  it('keeps the definitions in a secret JSON file: names and patterns escaped by JSON, hashes instead of passwords', () => {
    const desired = { vhosts: [{ name: 'shop', description: 'a "quoted"\\ text' }], users: [{ name: 'app', hash: passwordHash('secret'), tags: [] }], permissions: [{ vhost: 'shop', user: 'app', configure: '^a"b$', write: '.*', read: '' }] };
    const file = render(defaults, { prepared, desired })[3]!;
    expect(file).toMatchObject({ secret: true, mode: 0o600 });
    expect(JSON.parse(file.content)).toEqual(desired);
  });

  it("hashes passwords as the broker does (salted SHA-256) and tells regular expressions from others", () => {
    const hash = passwordHash('correct horse');
    expect(Buffer.from(hash, 'base64')).toHaveLength(36);
    expect(passwordMatches('correct horse', hash)).toBe(true);
    expect(passwordMatches('wrong', hash)).toBe(false);
    expect(passwordHash('x')).not.toBe(passwordHash('x'));
    expect([patternProblem('^orders\\.'), patternProblem('.*'), patternProblem(''), patternProblem('('), patternProblem('[a-')]).toEqual([false, false, false, true, true]);
  });

  it("gives the private node its own name, directories, ports and epmd inside the sandbox", async () => {
    const files = new Map([[envPath, 'DIST_PORT=35674\nERL_EPMD_PORT=35675\n'], ['/var/lib/portal-rabbitmq/admin.json', '{"password":"p"}']]);
    const env = await nodeEnvironment({ root: '/sb', hostPath: (p) => `/sb${p}`, readFile: async (p) => files.get(p) ?? null, user: 'portal', listenAddress: async (_service, port) => ({ host: '127.0.0.1', port }) });
    expect(env).toMatchObject({
      RABBITMQ_NODENAME: 'rabbit@localhost',
      RABBITMQ_MNESIA_BASE: '/sb/var/lib/rabbitmq/mnesia',
      RABBITMQ_CONFIG_FILE: `/sb${configPath}`,
      RABBITMQ_DIST_PORT: '35674',
      ERL_EPMD_PORT: '35675',
      ERL_EPMD_ADDRESS: '127.0.0.1',
      RABBITMQ_DEFAULT_USER: 'portal-admin',
      RABBITMQ_DEFAULT_PASS: 'p',
    });
    expect(Object.values(env).filter((v) => v.startsWith('/')).every((v) => v.startsWith('/sb/'))).toBe(true);
  });
});

const withErl = hasProgram('erl') ? describe : describe.skip;
withErl("rabbitmq check (the broker's own configuration schemas)", () => {
  let base: string;
  let gateway: LocalGateway;
  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-rabbitmq-'));
    gateway = new LocalGateway({ baseDir: base, serverId: 1, programs: [rabbitmqProgram] });
  });
  afterAll(() => fs.rm(base, { recursive: true, force: true }));

  it('accepts the rendered file and refuses a value of the wrong type or an unknown key with the broker\'s message', async () => {
    await gateway.writeFile(render(defaults, { prepared })[0]!);
    expect(await checkConfig(gateway)).toMatchObject({ status: 'passed', tool: 'erl', output: 'configuration accepted' });
    await gateway.writeFile({ path: configPath, content: 'vm_memory_high_watermark.relative = lots\n' });
    expect(await checkConfig(gateway)).toMatchObject({ status: 'failed', output: expect.stringContaining('vm_memory_high_watermark.relative') });
    await gateway.writeFile({ path: configPath, content: 'no_such.setting = 1\n' });
    expect(await checkConfig(gateway)).toMatchObject({ status: 'failed', output: expect.stringContaining('no_such.setting') });
  }, 30_000);
});
