/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`): for work the first screen does not
 * need — the real-time channel, the lost-session form — so it is not part of the page's start (issue 14).
 * Returns a function that cancels the task if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
