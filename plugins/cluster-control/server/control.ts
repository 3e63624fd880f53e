/**
 * The actions on a service (pure steps over the gateway's `ServiceControl`): a configuration test before start,
 * restart and reload — a failed test refuses the action — then the program's own steps (`reload()` starts a stopped
 * instance, `stop()` stops it; restart = stop + reload).
 */
import type { CheckOutcome, ServiceControl, ServiceStatus } from '@portal/plugin-sdk/server';

export type ServiceAction = 'start' | 'stop' | 'restart' | 'reload';
export type ActionOutcome = 'succeeded' | 'refused' | 'failed';

/** Services that hold data: stopping one is confirmed twice in the panel (the one list of them). */
export const databaseServices: readonly string[] = [
  'mysql',
  'mariadb',
  'postgresql',
  'redis',
  'mongodb',
  'elasticsearch',
  'open-search',
  'solr',
  'rabbitmq',
];
export const isDatabase = (service: string) => databaseServices.includes(service);

export interface ActionResult {
  outcome: ActionOutcome;
  output: string;
  state: ServiceStatus['state'];
}

const MAX_OUTPUT = 8000;
const text = (o: CheckOutcome) => (o.output ?? (o.status === 'skipped' ? `check ${o.reason}` : '')).trim();
const clip = (s: string) => (s.length > MAX_OUTPUT ? s.slice(s.length - MAX_OUTPUT) : s);

export async function runAction(control: ServiceControl, action: ServiceAction): Promise<ActionResult> {
  const lines: string[] = [];
  const finish = async (outcome: ActionOutcome): Promise<ActionResult> => {
    let state: ServiceStatus['state'] = 'unknown';
    try {
      state = (await control.status()).state;
    } catch {
      /* unknown */
    }
    return { outcome, output: clip(lines.filter(Boolean).join('\n')), state };
  };
  try {
    if (action !== 'stop') {
      const test = await control.validate();
      lines.push(`configuration test: ${test.status}`, text(test));
      if (test.status === 'failed') return await finish('refused');
    }
    if (action === 'stop' || action === 'restart') {
      await control.stop();
      lines.push('stopped');
    }
    if (action !== 'stop') {
      const done = await control.reload();
      lines.push(`${action}: ${done.status}`, text(done));
      if (done.status !== 'passed') return await finish('failed');
    }
    return await finish('succeeded');
  } catch (e) {
    lines.push(e instanceof Error ? e.message : String(e));
    return finish('failed');
  }
}
