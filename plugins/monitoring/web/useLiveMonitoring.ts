import { useManagedHost, useServerEvent } from '@portal/plugin-sdk/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { monitoringApi } from '../generated/client.ts';
import type { LiveSample } from './model.ts';

/** At most an hour of 10-second samples is kept in the page. */
const KEEP = 360;

export interface LiveMonitoring {
  /** The newest sample, once one arrived. */
  latest?: LiveSample;
  /** Every sample since the page opened (oldest first, one per bucket). */
  samples: LiveSample[];
  /** The watch could not be started (the server could not be measured). */
  failed: boolean;
}

/**
 * Keeps the server's live stream running while the page is open and visible: asks for a watch at
 * once and renews it (every half lease while the real-time channel is up — samples then arrive as
 * `monitoring.sample` events — and every interval while it is down, when the renewal's answer is the
 * only source). A hidden tab stops renewing, so the server stops being measured for it.
 */
export function useLiveMonitoring(): LiveMonitoring {
  const host = useManagedHost();
  const [watch] = monitoringApi.useWatchMonitoringMutation();
  const [samples, setSamples] = useState<LiveSample[]>([]);
  const [failed, setFailed] = useState(false);
  const timing = useRef({ intervalSeconds: 10, leaseSeconds: 60 });
  const serverId = host.server.id;
  const clusterId = host.cluster.id;

  const add = useCallback((sample: LiveSample) => {
    setSamples((list) => {
      if (list.some((s) => s.at === sample.at)) return list;
      const next = [...list, sample].sort((a, b) => a.at.localeCompare(b.at));
      return next.length > KEEP ? next.slice(next.length - KEEP) : next;
    });
  }, []);

  useServerEvent('monitoring.sample', add);

  useEffect(() => {
    setSamples([]);
    setFailed(false);
  }, [serverId]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const renew = async () => {
      clearTimeout(timer);
      if (stopped || document.visibilityState === 'hidden') return;
      const result = await watch({ clusterId, serverId });
      if (stopped) return;
      if ('data' in result && result.data) {
        timing.current = { intervalSeconds: result.data.intervalSeconds, leaseSeconds: result.data.leaseSeconds };
        setFailed(false);
        add(result.data.sample);
      } else setFailed(true);
      const { intervalSeconds, leaseSeconds } = timing.current;
      timer = setTimeout(() => void renew(), (host.connected ? leaseSeconds / 2 : intervalSeconds) * 1000);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void renew();
    };
    void renew();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [watch, add, clusterId, serverId, host.connected]);

  return { latest: samples.at(-1), samples, failed };
}
