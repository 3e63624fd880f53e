import { formatDecimal } from '@portal/plugin-sdk/web';

/** A change in milliseconds with its sign (`+120 ms`, `-80 ms`; fractions to 0.1 in the language's format), `–` when unknown. */
export const delta = (ms: number | null, language = 'en') =>
  ms === null ? '–' : `${ms > 0 ? '+' : ''}${Number.isInteger(ms) ? ms : formatDecimal(ms, language, 1)} ms`;
