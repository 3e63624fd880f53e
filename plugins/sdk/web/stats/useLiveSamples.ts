import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerEvents, ServerEventType } from '../events.ts';
import { useManagedHost, useServerEvent } from '../runtime.tsx';
import { useLiveLease } from './useLiveLease.ts';

/** What a stats plugin's watch operation answers: the feed's timing and the newest sample. */
export interface WatchAnswer<L> {
  intervalSeconds: number;
  leaseSeconds: number;
  sample: L;
}

export interface LiveSamples<L> {
  /** The newest sample, once one arrived. */
  latest?: L;
  /** Every sample since the panel opened (oldest first, one per bucket). */
  samples: L[];
  /** The watch could not be started (the server could not be measured). */
  failed: boolean;
}

/**
 * The live samples of a stats service while the panel is open and visible: `watch` (the plugin's watch
 * operation) takes the lease at once and renews it — every half lease while the real-time channel is
 * up (samples then arrive as `event`), every interval while it is down (the answer is then the only
 * source). A hidden tab stops renewing, so the server stops being measured for it. `accept` keeps only the
 * samples of this panel's subject (a service with subjects, e.g. one redis instance: the room carries all).
 */
export function useLiveSamples<K extends ServerEventType>(
  event: K,
  watch: () => Promise<WatchAnswer<ServerEvents[K]> | null>,
  keep = 360,
  accept?: (sample: ServerEvents[K]) => boolean,
): LiveSamples<ServerEvents[K]> {
  type L = ServerEvents[K];
  const host = useManagedHost();
  const [samples, setSamples] = useState<L[]>([]);
  const timing = useRef({ intervalSeconds: 10, leaseSeconds: 60 });
  const serverId = host.server.id;
  const at = (s: L) => (s as unknown as { at: string }).at; // every live sample carries its time (the family's Sample); L is the plugin's payload type

  const add = useCallback(
    (sample: L) => {
      if (accept && !accept(sample)) return;
      setSamples((list) => {
        if (list.some((s) => at(s) === at(sample))) return list;
        const next = [...list, sample].sort((a, b) => at(a).localeCompare(at(b)));
        return next.length > keep ? next.slice(next.length - keep) : next;
      });
    },
    [keep, accept],
  );
  useServerEvent(event, add);
  useEffect(() => setSamples([]), [serverId]);

  const { failed } = useLiveLease<true>(`${serverId}:${host.connected}`, {
    pauseWhileHidden: true,
    take: async () => {
      const answer = await watch();
      if (answer) {
        timing.current = { intervalSeconds: answer.intervalSeconds, leaseSeconds: answer.leaseSeconds };
        add(answer.sample);
      }
      const { intervalSeconds, leaseSeconds } = timing.current;
      return { lease: answer ? true : null, renewInMs: (host.connected ? leaseSeconds / 2 : intervalSeconds) * 1000 };
    },
  });

  return { latest: samples.at(-1), samples, failed };
}
