import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/core';

/**
 * One transaction per write request (issue 8, defect 5): the router runs a POST/PUT/PATCH/DELETE
 * handler inside it and commits only when the answer is below 400, so an error answer stores nothing.
 *
 * Inside it:
 * - `afterCommit(fn)`: work that must see the committed change or must not happen for a refused request
 *   (queueing an apply job, publishing domain events) runs after the commit, and not at all after a rollback;
 * - `keepEvenIfRefused(fn)`: deliberate writes of a refused request (failed-attempt counters, audit of
 *   failed attempts) run after the request's transaction ended, in their own transaction, so they survive
 *   the rollback (on PGlite a second transaction could only start after the first one anyway);
 * - `requestEntityManager()`: the request's transactional EntityManager, for code that would otherwise
 *   fork a fresh one (on PGlite, a fork's query or transaction would wait for the open one forever).
 * Outside a request transaction every helper runs its work at once.
 */
interface Scope {
  /** False once the transaction ended: background work started by the request (log tails, timers) inherits the scope and must then run at once. */
  open: boolean;
  em: EntityManager;
  afterCommit: (() => unknown)[];
  independent: (() => unknown)[];
}

const storage = new AsyncLocalStorage<Scope>();
const openScope = (): Scope | undefined => {
  const scope = storage.getStore();
  return scope?.open ? scope : undefined;
};

/** Raised inside the transaction to roll it back while keeping the handler's (error) answer. */
class RolledBack<T> {
  readonly result: T;
  constructor(result: T) {
    this.result = result;
  }
}

export async function runRequestTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>, keep: (result: T) => boolean): Promise<T> {
  const afterCommit: (() => unknown)[] = [];
  const independent: (() => unknown)[] = [];
  const runAll = async (list: (() => unknown)[]): Promise<void> => {
    for (const fn of list.splice(0)) await fn();
  };
  let result: T;
  let scope: Scope | undefined;
  try {
    result = await em.transactional((tx) => {
      scope = { open: true, em: tx, afterCommit, independent };
      return storage.run(scope, async () => {
        const r = await work(tx);
        if (!keep(r)) throw new RolledBack(r);
        return r;
      });
    });
  } catch (e) {
    if (scope) scope.open = false;
    await runAll(independent);
    if (e instanceof RolledBack) return e.result as T;
    throw e;
  }
  if (scope) scope.open = false;
  await runAll(independent);
  await runAll(afterCommit);
  return result;
}

/** Runs `fn` after the request's transaction committed (never after a rollback); at once outside one. */
export async function afterCommit(fn: () => unknown): Promise<void> {
  const scope = openScope();
  if (scope) scope.afterCommit.push(fn);
  else await fn();
}

/**
 * A deliberate write of a refused request (failed attempts, their audit): it must survive the request's
 * rollback. Inside a request transaction `fn` runs once that transaction ended, with its own fork and
 * transaction; outside one it runs at once. `fork` gives the fork to write with.
 */
export async function keepEvenIfRefused(fork: () => EntityManager, fn: (em: EntityManager) => Promise<void>): Promise<void> {
  const scope = openScope();
  const run = () => fork().transactional((tx) => fn(tx));
  if (scope) scope.independent.push(() => storage.exit(run));
  else await run();
}

/** The current write request's transactional EntityManager, if any. */
export const requestEntityManager = (): EntityManager | undefined => openScope()?.em;
