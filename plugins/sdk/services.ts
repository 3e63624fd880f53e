/**
 * The state of a server's services as its gateway reports them (moved from monitoring; cluster-control uses it too). A gateway that cannot tell (the
 * `local` gateway knows only nginx) answers `unknown`, and so does a status call that fails or
 * takes longer than a few seconds — never a guess.
 */
import type { ServerGateway, ServiceStatus } from './gateway.ts';

/** One service's state as a contract shows it (monitoring's `MonitoringServiceState`, cluster-control's). */
export interface ServiceStateView {
  id: string;
  state: ServiceStatus['state'];
  endpoint?: { host: string; port: number };
  detail?: string;
}
type ServiceState = ServiceStateView;

const STATUS_TIMEOUT_MS = 3000;

async function stateOf(gateway: ServerGateway, id: string, timeoutMs: number): Promise<ServiceState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('status timed out')), timeoutMs);
  });
  try {
    const status = await Promise.race([gateway.service(id).status(), timeout]);
    return {
      id,
      state: status.state,
      ...(status.endpoint ? { endpoint: { host: status.endpoint.host, port: status.endpoint.port } } : {}),
      ...(status.detail ? { detail: status.detail.slice(0, 2000) } : {}),
    };
  } catch {
    return { id, state: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

/** One entry per service of the server, in the server's order, asked in parallel. */
export function serviceStates(gateway: ServerGateway, services: readonly string[], timeoutMs = STATUS_TIMEOUT_MS): Promise<ServiceState[]> {
  return Promise.all(services.map((id) => stateOf(gateway, id, timeoutMs)));
}
