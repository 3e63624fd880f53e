/**
 * Figures and times of the stats family in the user's language (Intl). Memory and disk in binary
 * units (GiB: what the server's tools show), network in bits per second (what links are sold in).
 */
import type { StatsRange } from '../../stats/ranges.ts';
import { userTimeZone } from '../kit/format.ts';

const nf = (language: string, digits: number, min = 0) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: min });

/** `12,3 %` / `12.3%`. */
export function formatPercent(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}

const binary = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** `9,9 GiB`. */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < binary.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${nf(language, unit === 0 || value >= 100 ? 0 : 1).format(value)} ${binary[unit]}`;
}

/** A value already in GiB (chart axes): `7,5 GiB`, `0 GiB`. */
export const formatGiB = (gib: number, language: string): string =>
  `${nf(language, gib !== 0 && Math.abs(gib) < 10 ? 1 : 0).format(gib)} GiB`;

const bits = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s', 'Tbit/s'];

/** Bytes per second as `12,3 Mbit/s`. */
export function formatBitRate(bytesPerSecond: number, language: string): string {
  let value = bytesPerSecond * 8;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < bits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${nf(language, unit === 0 ? 0 : value < 10 ? 1 : 0).format(value)} ${bits[unit]}`;
}

/** A number with fixed decimals, e.g. a load average: `1,25`. */
export const formatDecimal = (value: number, language: string, digits = 2): string => nf(language, digits, digits).format(value);

/** A count: `12.345` / `12,345`. */
export const formatCount = (value: number, language: string): string => nf(language, 0).format(value);

/** How the time axis labels its ticks for a range, and the tooltip its points. */
export function timeFormat(range: StatsRange, language: string, where: 'tick' | 'full'): (d: Date) => string {
  const options: Intl.DateTimeFormatOptions =
    where === 'full'
      ? range === '1h'
        ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
        : { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : range === '7d'
        ? { weekday: 'short', day: 'numeric' }
        : { hour: '2-digit', minute: '2-digit' };
  const f = new Intl.DateTimeFormat(language, { ...options, timeZone: userTimeZone() });
  return (d) => f.format(d);
}

/** A measurement time with seconds, `14:03:20`. */
export const formatClock = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { timeZone: userTimeZone(), hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

/** How long a service has been running, in its largest whole unit (`3 days`, `5 hours`, `12 minutes`). */
export function formatUptime(seconds: number, language: string): string {
  const [value, unit] = seconds >= 86400 ? [seconds / 86400, 'day'] : seconds >= 3600 ? [seconds / 3600, 'hour'] : [seconds / 60, 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(Math.floor(value));
}
