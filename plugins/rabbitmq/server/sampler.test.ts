import type { RunResult, ServerGateway } from '@portal/plugin-sdk/server';
import { parsePs, processName, source } from './sampler.ts';

/** A gateway whose `ps` answers as given (and records what it was asked). */
function gatewayAnswering(answer: Partial<RunResult>, asked: unknown[] = []): ServerGateway {
  return {
    run: async (request: unknown) => (
      asked.push(request),
      { exitCode: 0, stdout: '', stderr: '', timedOut: false, durationMs: 1, ...answer }
    ),
  } as unknown as ServerGateway;
}

describe('rabbitmq sampler', () => {
  it('counts the processes of ps, sums their memory (KiB → bytes) and CPU seconds', () => {
    expect(parsePs('  4120   12\n 10240    3\n')).toEqual({ processes: 2, memoryBytes: 14360 * 1024, cpuSeconds: 15 });
    expect(parsePs('')).toEqual({ processes: 0, memoryBytes: 0, cpuSeconds: 0 });
  });

  it('asks ps on the server for the service by its process name', async () => {
    const asked: unknown[] = [];
    const reading = await source.read(gatewayAnswering({ stdout: '2048 7\n' }, asked), 1);
    expect(asked).toEqual([expect.objectContaining({ tool: 'ps', args: ['-C', processName, '-o', 'rss=,times='] })]);
    expect(reading).toEqual({ gauges: { processes: 1, memoryBytes: 2048 * 1024 }, counters: { cpuSeconds: 7 } });
  });

  it('reads a service that does not run as 0 processes, and a server ps cannot tell about as no figures', async () => {
    expect((await source.read(gatewayAnswering({ exitCode: 1 }), 1)).gauges).toEqual({ processes: 0, memoryBytes: 0 });
    expect(await source.read(gatewayAnswering({ exitCode: 127, stderr: 'ps: not installed' }), 1)).toEqual({ gauges: {} });
  });

  it('keeps the CPU time as a share of one CPU', () => {
    expect(source.figures({ processes: 2, memoryBytes: 10 }, { cpuSeconds: 0.256 })).toEqual({
      processes: 2,
      memoryBytes: 10,
      cpuPercent: 25.6,
    });
    expect(source.figures({}, { cpuSeconds: null })).toEqual({ processes: null, memoryBytes: null, cpuPercent: null });
  });
});
