/**
 * Reading a large zone file takes tens to hundreds of milliseconds of CPU (issue 8, defect 10) — on the
 * main thread that stalls every other request and socket. Files from {@link OFF_THREAD_BYTES} on are
 * read in one long-lived worker thread (started on first use, `unref`ed so it never keeps the process
 * alive); small ones (the common case) stay on the main thread, where the hand-over would cost more
 * than the parse. A worker that dies is replaced on the next read; its pending reads fail.
 */
import { Worker } from 'node:worker_threads';
import { readZoneFile } from './zonefile.ts';

/** Zone files from this size on are read off the main thread. */
export const OFF_THREAD_BYTES = 16_384;

type Result = ReturnType<typeof readZoneFile>;
type Pending = { resolve: (r: Result) => void; reject: (e: unknown) => void };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./zonefile.thread.ts', import.meta.url));
  w.unref();
  const fail = (e: unknown) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  w.on('message', ({ id, result }: { id: number; result: Result }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (!pending.size) w.unref();
    p?.resolve(result);
  });
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`zone file worker exited with ${code}`)));
  worker = w;
  return w;
}

export async function readZoneFileOffThread(text: string, origin: string, fallbackTtl: number): Promise<Result> {
  if (text.length < OFF_THREAD_BYTES) return readZoneFile(text, origin, fallbackTtl);
  const w = thread();
  const id = nextId++;
  return new Promise<Result>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while a read is outstanding, so a pending request keeps the process alive.
    w.ref();
    w.postMessage({ id, text, origin, fallbackTtl });
  });
}

/** Stops the worker (tests, shutdown). */
export async function stopZoneFileWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
