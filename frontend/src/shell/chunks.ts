/** A lazily loaded part of the app that has not arrived after this long counts as failed (§9). */
export const CHUNK_TIMEOUT_MS = 120_000;

let onFailure: () => void = () => undefined;

/** The app registers what happens when a chunk fails to load (the reload warning). */
export function setChunkFailureHandler(handler: () => void): void {
  onFailure = handler;
}

/** Reports a chunk that failed to load outside `loadChunk` (Vite's preload error event). */
export const reportChunkFailure = (): void => onFailure();

/** Loads a chunk, reporting a failure or a time-out to the app before passing the error on. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((e: unknown) => {
      onFailure();
      throw e;
    })
    .finally(() => clearTimeout(timer));
}
