import type { Orm } from '../platform/index.ts';
import { ManagedJob } from './entities/index.ts';

/** Test support: waits (up to 30 s) until an apply job has succeeded or failed, and returns it as stored. */
export async function jobFinished(orm: Orm, jobId: number): Promise<ManagedJob> {
  for (let i = 0; i < 600; i++) {
    const job = await orm.em.fork().findOneOrFail(ManagedJob, { id: jobId });
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}
