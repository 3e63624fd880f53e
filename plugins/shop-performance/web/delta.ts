/** A change in milliseconds with its sign (`+120 ms`, `-80 ms`), `–` when unknown. */
export const delta = (ms: number | null) => (ms === null ? '–' : `${ms > 0 ? '+' : ''}${ms} ms`);
