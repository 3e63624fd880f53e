import { jest } from '@jest/globals';
import { CHUNK_TIMEOUT_MS, loadChunk, setChunkFailureHandler } from './chunks';

describe('chunk loading', () => {
  afterEach(() => jest.useRealTimers());

  it('R9.014 R8.001 a chunk that has not arrived after 120 s counts as failed and shows the reload warning', async () => {
    jest.useFakeTimers();
    const failed = jest.fn();
    setChunkFailureHandler(failed);
    const never = new Promise<never>(() => undefined);
    const result = loadChunk(() => never);
    const assertion = expect(result).rejects.toThrow(/timed out/);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    jest.advanceTimersByTime(119_999);
    expect(failed).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await assertion;
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('R8.001 a chunk that fails to load reports the failure', async () => {
    const failed = jest.fn();
    setChunkFailureHandler(failed);
    await expect(loadChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))).rejects.toThrow();
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('passes a loaded chunk through', async () => {
    const failed = jest.fn();
    setChunkFailureHandler(failed);
    await expect(loadChunk(() => Promise.resolve({ default: 42 }))).resolves.toEqual({ default: 42 });
    expect(failed).not.toHaveBeenCalled();
  });
});
