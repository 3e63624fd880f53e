import type { ServerGateway, ServiceStatus } from './gateway.ts';
import { serviceStates } from './services.ts';

const gatewayWith = (statuses: Record<string, () => Promise<ServiceStatus>>) =>
  ({ service: (name: string) => ({ name, status: statuses[name] ?? (async () => ({ state: 'unknown' })) }) }) as unknown as ServerGateway;

describe('service states (SDK)', () => {
  it('R2.026 reports each service of the server in its order, with the endpoint where it listens', async () => {
    const gw = gatewayWith({
      nginx: async () => ({ state: 'running', endpoint: { host: '127.0.0.1', port: 41234 } }),
      mysql: async () => ({ state: 'stopped', detail: 'inactive (dead)' }),
    });
    expect(await serviceStates(gw, ['nginx', 'mysql', 'redis'])).toEqual([
      { id: 'nginx', state: 'running', endpoint: { host: '127.0.0.1', port: 41234 } },
      { id: 'mysql', state: 'stopped', detail: 'inactive (dead)' },
      { id: 'redis', state: 'unknown' },
    ]);
  });

  it('R2.026 a status call that fails or hangs is unknown, never a guess, and does not hold up the others', async () => {
    const gw = gatewayWith({
      nginx: () => new Promise(() => undefined),
      php: async () => Promise.reject(new Error('boom')),
      ssh: async () => ({ state: 'running' }),
    });
    const started = performance.now();
    expect(await serviceStates(gw, ['nginx', 'php', 'ssh'], 50)).toEqual([
      { id: 'nginx', state: 'unknown' },
      { id: 'php', state: 'unknown' },
      { id: 'ssh', state: 'running' },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
