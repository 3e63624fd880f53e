/**
 * One group of the test files that start a portal (core/testing/portalTests.js), run as one Jest test file so
 * their module graph (BFF, core, MikroORM, validators) is evaluated once per group instead of once per file.
 *
 * Each file is imported while Jest's globals (`describe`, `it`, hooks) are replaced by recorders; what it
 * registered is then replayed inside `describe(<its path>)`, so its `beforeAll`/`afterAll` start and stop its
 * portal around its own tests only, as when it runs alone. A file that fails to load fails one test named after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { portalTestGroup } from '../portalTests.js';

/** How many group files exist (group1.test.ts … group<count>.test.ts). */
export const groupCount = 4;

const globals = ['describe', 'fdescribe', 'xdescribe', 'it', 'fit', 'xit', 'test', 'xtest', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach'] as const;

/** One registration: `it.each(table)(name, fn)` is path ['it', 'each'], args [table], then [name, fn]. */
interface Call {
  path: string[];
  args: unknown[];
  then?: unknown[];
}

type Callable = (...args: unknown[]) => unknown;

/** The modifiers a test file may use (`it.each`, `describe.skip`, `test.concurrent.each`, …). */
const modifiers = new Set(['each', 'skip', 'only', 'todo', 'concurrent', 'failing']);

function recorder(callPath: string[], calls: Call[]): Callable {
  return new Proxy(function recorded() {}, {
    // Anything else (Symbol.toPrimitive, toString, …) is the plain function's, so Jest can inspect the globals.
    get: (target, property, receiver) =>
      typeof property === 'string' && modifiers.has(property) ? recorder([...callPath, property], calls) : Reflect.get(target, property, receiver),
    apply: (_target, _this, args: unknown[]) => {
      const call: Call = { path: callPath, args };
      calls.push(call);
      return (...then: unknown[]) => {
        call.then = then;
      };
    },
  }) as Callable;
}

function replay(call: Call, real: Record<string, unknown>): void {
  let owner: unknown = undefined;
  let target = real[call.path[0]] as Record<string, unknown>;
  for (const property of call.path.slice(1)) {
    owner = target;
    target = target[property] as Record<string, unknown>;
  }
  const result = (target as unknown as Callable).apply(owner, call.args);
  if (call.then) (result as Callable)(...call.then);
}

export async function runGroup(index: number): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const scope = globalThis as unknown as Record<string, unknown>;
  const real = Object.fromEntries(globals.map((name) => [name, scope[name]]));
  for (const file of portalTestGroup(root, index, groupCount)) {
    const calls: Call[] = [];
    let failure: unknown;
    for (const name of globals) scope[name] = recorder([name], calls);
    try {
      await import(path.join(root, file));
    } catch (error) {
      failure = error;
    } finally {
      Object.assign(scope, real);
    }
    describe(file, () => {
      if (failure) {
        it('loads', () => {
          throw failure;
        });
        return;
      }
      // PORTAL_TEST_TIMES=<file>: each file's wall time is appended as a JSON line, the measure the groups are
      // balanced by (portalTests.js, `npm run test:times` merges them into core/testing/portalTestTimes.json).
      const times = process.env.PORTAL_TEST_TIMES;
      let started = 0;
      if (times) (real.beforeAll as Callable)(() => void (started = performance.now()));
      for (const call of calls) replay(call, real);
      if (times) (real.afterAll as Callable)(() => fs.appendFileSync(times, `${JSON.stringify({ file, seconds: Math.round((performance.now() - started) / 100) / 10 })}\n`));
    });
  }
}
