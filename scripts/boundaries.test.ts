/**
 * The module boundaries of eslint.config.js (docs/decisions.md "Boundaries"): each rule fires on a sample that
 * breaks it and stays quiet on its allowed neighbour. The samples import real files of the repository under
 * made-up importer names, so the check runs on resolved paths exactly as `npm run lint` does.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

interface Sample {
  name: string;
  filePath: string;
  code: string;
}
interface Linted {
  filePath: string;
  messages: { ruleId: string | null; line: number; message: string }[];
}

const violating: Sample[] = [
  { name: 'a plugin imports another plugin by a relative path', filePath: 'plugins/ssh/server/sample.ts', code: "import plugin from '../../dns/server/index.ts';\nexport default plugin;\n" },
  { name: 'a plugin imports another plugin by its package name', filePath: 'plugins/ssh/server/sample.ts', code: "import manifest from '@portal/plugin-dns/plugin.ts';\nexport default manifest;\n" },
  { name: 'a plugin imports a core module', filePath: 'plugins/ssh/server/sample.ts', code: "import { User } from '@portal/core/accounts';\nexport { User };\n" },
  { name: 'a plugin imports a core file by a relative path', filePath: 'plugins/ssh/server/sample.ts', code: "import { NotFound } from '../../../core/platform/errors.ts';\nexport { NotFound };\n" },
  { name: 'a plugin test imports the BFF', filePath: 'plugins/ssh/server/sample.test.ts', code: "import { createTestServer } from '@portal/bff/testing';\nexport { createTestServer };\n" },
  { name: 'a plugin test imports a BFF internal by a relative path', filePath: 'plugins/ssh/server/sample.test.ts', code: "import { LocalGateway } from '../../../bff/src/managed/gateways/local.ts';\nexport { LocalGateway };\n" },
  { name: 'a plugin test imports a core module that is not a testing entry', filePath: 'plugins/ssh/server/sample.test.ts', code: "import { demoLogins } from '@portal/core/seed';\nexport { demoLogins };\n" },
  { name: 'plugin production code imports the testing entry', filePath: 'plugins/ssh/server/sample.ts', code: "import { startPluginPortal } from '@portal/plugin-sdk/testing';\nexport { startPluginPortal };\n" },
  { name: 'the SDK imports the BFF outside its testing entry', filePath: 'plugins/sdk/sample.ts', code: "import { createTestServer } from '@portal/bff/testing';\nexport { createTestServer };\n" },
  { name: 'the SDK testing entry imports a BFF internal', filePath: 'plugins/sdk/testing/sample.ts', code: "import { loadPlugins } from '../../../bff/src/managed/plugins.ts';\nexport { loadPlugins };\n" },
  { name: 'the frontend imports a plugin\'s server code', filePath: 'frontend/src/managed/sample.ts', code: "import plugin from '../../../plugins/ssh/server/index.ts';\nexport default plugin;\n" },
  { name: 'the frontend imports the SDK\'s server part', filePath: 'frontend/src/managed/sample.ts', code: "import { defineServerPlugin } from '@portal/plugin-sdk/server';\nexport { defineServerPlugin };\n" },
  { name: 'a plugin\'s web code imports its server code', filePath: 'plugins/ssh/web/sample.tsx', code: "import { renderAuthorizedKeys } from '../server/render.ts';\nexport { renderAuthorizedKeys };\n" },
  { name: 'a core module deep-imports another core module', filePath: 'core/customers/sample.ts', code: "import { Session } from '../accounts/sessions/Session.ts';\nexport { Session };\n" },
  { name: 'a core module deep-imports the tenancy model', filePath: 'core/accounts/sessions/sample.ts', code: "import { User } from '../../tenancy/User.ts';\nexport { User };\n" },
  { name: 'a core module deep-imports platform', filePath: 'core/accounts/sessions/sample.ts', code: "import { NotFound } from '../../platform/errors.ts';\nexport { NotFound };\n" },
  { name: 'core wiring deep-imports a core module', filePath: 'core/sample.ts', code: "import { Session } from './accounts/sessions/Session.ts';\nexport { Session };\n" },
];

const allowed: Sample[] = [
  { name: 'a plugin uses the SDK, the contract and its own files', filePath: 'plugins/ssh/server/sample.ts', code: "import { defineServerPlugin } from '@portal/plugin-sdk/server';\nimport type { Schemas } from '@portal/openapi';\nimport { renderAuthorizedKeys } from './render.ts';\nexport { defineServerPlugin, renderAuthorizedKeys, type Schemas };\n" },
  { name: 'a plugin test uses the SDK testing entry', filePath: 'plugins/ssh/server/sample.test.ts', code: "import { startPluginPortal, User } from '@portal/plugin-sdk/testing';\nexport { startPluginPortal, User };\n" },
  { name: 'the SDK testing entry uses the BFF testing helpers and core index files', filePath: 'plugins/sdk/testing/sample.ts', code: "import { createTestServer } from '@portal/bff/testing';\nimport { User } from '@portal/core/accounts';\nexport { createTestServer, User };\n" },
  { name: 'the frontend uses a plugin\'s web part and the SDK\'s web kit', filePath: 'frontend/src/managed/sample.ts', code: "import web from '../../../plugins/ssh/web/index.tsx';\nimport { installHostBridge } from '@portal/plugin-sdk/web';\nexport { web, installHostBridge };\n" },
  { name: 'web code may name a server type (erased, not bundled)', filePath: 'plugins/ssh/web/sample.tsx', code: "import type { SshKey } from '../server/SshKey.ts';\nexport type { SshKey };\n" },
  { name: 'a plugin\'s story host renders its server fixtures', filePath: 'plugins/ssh/web/storyHost.tsx', code: "import { demoKeys } from '../server/fixtures.ts';\nexport { demoKeys };\n" },
  { name: 'a core module uses another through its index.ts', filePath: 'core/customers/sample.ts', code: "import { createInvitation } from '../accounts/index.ts';\nimport { User } from '../tenancy/index.ts';\nimport { NotFound } from '../platform/index.ts';\nexport { createInvitation, User, NotFound };\n" },
  { name: 'a core module uses its own files', filePath: 'core/accounts/sessions/sample.ts', code: "import { User } from '../users/User.ts';\nimport { Session } from './Session.ts';\nexport { User, Session };\n" },
  { name: 'the BFF uses core through package entries', filePath: 'bff/src/sample.ts', code: "import { User } from '@portal/core/accounts';\nexport { User };\n" },
];

let linted: Map<string, Linted>;

beforeAll(() => {
  const samples = [...violating, ...allowed];
  const node = process.execPath;
  const out = execFileSync(node, [path.join(root, 'scripts/boundaries/lint-samples.ts')], { cwd: root, input: JSON.stringify(samples), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const results = JSON.parse(out) as Linted[];
  linted = new Map(samples.map((s, i) => [s.name, results[i]]));
});

const boundaryErrors = (name: string) => linted.get(name)!.messages.filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports');

describe('module boundaries (lint)', () => {
  it.each(violating.map((s) => [s.name]))('fails when %s', (name) => {
    expect(boundaryErrors(name).length).toBeGreaterThan(0);
    // Every sample's first line is the forbidden import.
    expect(boundaryErrors(name).map((m) => m.line)).toContain(1);
  });

  it.each(allowed.map((s) => [s.name]))('stays quiet when %s', (name) => {
    expect(linted.get(name)!.messages.filter((m) => m.ruleId === 'boundaries/dependencies')).toEqual([]);
  });

  it('the violations are reported as module boundaries with a reason', () => {
    expect(boundaryErrors('a core module deep-imports another core module')[0].message).toBe('core/customers may use core/accounts only through its index.ts, not sessions/Session.ts.');
    expect(boundaryErrors('a plugin imports another plugin by a relative path')[0].message).toContain('Plugin ssh must not import plugin dns');
  });

  it('no source file switches the boundary rule off', () => {
    // Named (`eslint-disable boundaries/…`) or wholesale (`eslint-disable` without a rule list).
    for (const pattern of ['eslint-disable.*boundaries/', 'eslint-disable(-next-line|-line)?[[:space:]]*(\\*/|$)']) {
      const files = spawnSync('git', ['grep', '-l', '-E', pattern, '--', '*.ts', '*.tsx', '*.js'], { cwd: root, encoding: 'utf8' }).stdout.trim();
      expect([pattern, files.split('\n').filter((f) => f && f !== 'scripts/boundaries.test.ts')]).toEqual([pattern, []]);
    }
    expect(fs.readFileSync(path.join(root, 'eslint.config.js'), 'utf8')).toContain("'boundaries/dependencies': ['error'");
  });
});
