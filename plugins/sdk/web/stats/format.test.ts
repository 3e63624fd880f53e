import { formatBitRate, formatBytes, formatGiB, formatDecimal, formatPercent, timeFormat } from './format.ts';

describe('stats family: number and time formats', () => {
  it('R2.026 numbers follow the language', () => {
    expect(formatPercent(12.34, 'de')).toBe('12,3\u00a0%');
    expect(formatPercent(12.34, 'en')).toBe('12.3%');
    expect(formatDecimal(1.5, 'de')).toBe('1,50');
    expect(formatDecimal(1.5, 'en')).toBe('1.50');
  });

  it('R2.026 memory and disk in binary units, network in bits per second', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(6.5 * 1024 ** 3, 'de')).toBe('6,5 GiB');
    expect(formatBytes(64 * 1024 ** 3, 'en')).toBe('64 GiB');
    expect(formatBytes(1536 * 1024 ** 2, 'en')).toBe('1.5 GiB');
    expect(formatGiB(0, 'de')).toBe('0 GiB');
    expect(formatGiB(7.5, 'de')).toBe('7,5 GiB');
    expect(formatGiB(250, 'en')).toBe('250 GiB');
    expect(formatBitRate(100, 'en')).toBe('800 bit/s');
    expect(formatBitRate(1_250_000, 'de')).toBe('10 Mbit/s');
    expect(formatBitRate(312_500, 'de')).toBe('2,5 Mbit/s');
  });

  it('R2.026 the time axis shows clock times for an hour or a day and weekdays for a week', () => {
    const d = new Date(2026, 10, 22, 14, 5, 9);
    expect(timeFormat('1h', 'de', 'tick')(d)).toBe('14:05');
    expect(timeFormat('1h', 'de', 'full')(d)).toBe('14:05:09');
    expect(timeFormat('24h', 'en', 'tick')(d)).toMatch(/^0?2:05\sPM$/);
    expect(timeFormat('7d', 'de', 'tick')(d)).toBe('So., 22.');
    expect(timeFormat('7d', 'en', 'full')(d)).toMatch(/^Sun, Nov 22,? (at )?0?2:05\sPM$/);
  });
});
