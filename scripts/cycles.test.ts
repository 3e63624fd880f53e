/**
 * The import-cycle check of `npm run lint` (scripts/cycles.ts): it finds a cycle of evaluated imports between
 * files, lets a class and its handlers name each other's types, and finds two core modules that depend on
 * each other only through types. (That the repository has no cycle is the lint's own run.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCycles } from './cycles.ts';

/** A throw-away tree with a tsconfig like the repository's. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  const all = { 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', allowImportingTsExtensions: true, noEmit: true } }), ...files };
  for (const [name, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('a cycle of value imports between files is found, with a path through it', () => {
  const dir = tree({
    'bff/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
    'bff/b.ts': "import { c } from './c.ts';\nexport const b = () => c;\n",
    'bff/c.ts': "export { a as c } from './a.ts';\n",
    'bff/d.ts': "import { a } from './a.ts';\nexport const d = a;\n",
  });
  const { fileCycles } = findCycles(['bff'], dir);
  expect(fileCycles).toEqual([{ files: ['bff/a.ts', 'bff/b.ts', 'bff/c.ts'], path: ['bff/a.ts', 'bff/b.ts', 'bff/c.ts', 'bff/a.ts'] }]);
});

test('type-only and dynamic imports make no file cycle', () => {
  const dir = tree({
    'bff/center.ts': "import { handlers } from './handlers.ts';\nexport class Center { handlers = handlers(this); }\n",
    'bff/handlers.ts': "import type { Center } from './center.ts';\nimport { type Center as C2 } from './center.ts';\nexport const handlers = (c: Center | C2) => ({ c, lazy: () => import('./center.ts') });\n",
  });
  expect(findCycles(['bff'], dir).fileCycles).toEqual([]);
});

test('two core modules that import each other, if only a type, are a module cycle; their tests do not count', () => {
  const dir = tree({
    'core/accounts/index.ts': "export { User } from './User.ts';\nexport type { Invitation } from './Invitation.ts';\n",
    'core/accounts/User.ts': 'export class User {}\n',
    'core/accounts/Invitation.ts': "import type { Customer } from '../customers/index.ts';\nexport interface Invitation { customer: Customer }\n",
    'core/customers/index.ts': "import { User } from '../accounts/index.ts';\nexport class Customer { contact?: User }\n",
    'core/billing/index.ts': "export const invoice = 1;\n",
    'core/billing/invoice.test.ts': "import { Customer } from '../customers/index.ts';\nexport const c = Customer;\n",
    'core/customers/customer.test.ts': "import { invoice } from '../billing/index.ts';\nexport const i = invoice;\n",
  });
  const { fileCycles, moduleCycles } = findCycles(['core'], dir);
  expect(fileCycles).toEqual([]);
  expect(moduleCycles.map((c) => c.modules)).toEqual([['core/accounts', 'core/customers']]);
});
