import { useEffect, useRef, useState } from 'react';

export interface LiveLeaseOptions<L> {
  /** Holds a lease only while true (e.g. while "follow the log" is on). Default true. */
  enabled?: boolean;
  /**
   * Takes the lease, or renews `held` (the lease this panel holds, `undefined` the first time). Answers
   * the lease (`null` when it could not be taken: the panel shows it failed) and when to renew or retry.
   */
  take(held: L | undefined): Promise<{ lease: L | null; renewInMs: number }>;
  /** Gives the lease back when the panel closes (optional: leases also run out on the server). */
  release?(lease: L): void;
  /** Stops renewing while the tab is hidden (the lease then runs out) and takes it again when it shows. */
  pauseWhileHidden?: boolean;
}

/**
 * The browser's side of the stats family's live-feed lease lifecycle: while the panel is open (and
 * `enabled`), it takes a lease on the server's live feed (a sampler, a log tail) and renews it in
 * time, and gives it back when it closes, so the server's work runs only while someone watches. The
 * feed's data arrive as server events (`useServerEvent`). Restarts when `key` changes (another server,
 * domain or log).
 */
export function useLiveLease<L>(key: string, options: LiveLeaseOptions<L>): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    setFailed(false);
    let held: L | undefined;
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renew = async () => {
      clearTimeout(timer);
      if (over || (ref.current.pauseWhileHidden && document.visibilityState === 'hidden')) return;
      const { lease, renewInMs } = await ref.current.take(held);
      if (lease !== null) {
        held = lease;
        // The panel closed while the lease was being granted.
        if (over) return ref.current.release?.(lease);
        setFailed(false);
      } else if (!over) setFailed(true);
      if (!over) timer = setTimeout(() => void renew(), renewInMs);
    };
    const onVisibility = () => {
      if (ref.current.pauseWhileHidden && document.visibilityState === 'visible') void renew();
    };
    void renew();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      over = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      if (held !== undefined) ref.current.release?.(held);
    };
  }, [key, enabled]);

  return { failed };
}
