/**
 * Background work a plugin repeats while the portal runs (a scheduler, a watcher of deadlines): `tick` every
 * `everyMs`, never two at once (a slow tick skips the next), a failure logged as a warning with `name` and the next
 * tick tried again, the timer not keeping the process alive. Answers the function that stops it (`ServerPlugin.stop`).
 */
import type { PluginPorts } from './server.ts';

export function startPoller(ports: Pick<PluginPorts, 'logger'>, name: string, everyMs: number, tick: () => Promise<void>): () => void {
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      await tick();
    } catch (e) {
      ports.logger.warn({ err: e instanceof Error ? e.message : String(e) }, name);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
