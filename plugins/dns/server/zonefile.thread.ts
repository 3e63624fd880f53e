/** The worker of `readZoneFileOffThread`: reads zone files and posts each result back with its id. */
import { parentPort } from 'node:worker_threads';
import { readZoneFile } from './zonefile.ts';

parentPort!.on('message', ({ id, text, origin, fallbackTtl }: { id: number; text: string; origin: string; fallbackTtl: number }) => {
  parentPort!.postMessage({ id, result: readZoneFile(text, origin, fallbackTtl) });
});
