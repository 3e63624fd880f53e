import { dateFormats, formatLocale, numberFormats } from './format.ts';

/** Intl separates number and unit with a no-break space (narrow in some formats); compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('§9 formats', () => {
  it('R9.030 number formats in German and English: currency, currency with 4 decimals, decimal 2, percent, percent 1, thousands', () => {
    const de = numberFormats('de');
    const en = numberFormats('en');
    expect([de.currency(1234.5), de.currency('1234.50'), de.currency4('0.0125'), de.decimal2(3.14159), de.percent(19), de.percent1(76.84), de.thousands(1234567.8)].map(plain)).toEqual([
      '1.234,50 €',
      '1.234,50 €',
      '0,0125 €',
      '3,14',
      '19 %',
      '76,8 %',
      '1.234.568',
    ]);
    expect([en.currency(1234.5), en.currency4(0.0125), en.decimal2(3.14159), en.percent(19), en.percent1(76.84), en.thousands(1234567.8)].map(plain)).toEqual([
      '€1,234.50',
      '€0.0125',
      '3.14',
      '19%',
      '76.8%',
      '1,234,568',
    ]);
    // A negative amount (a credit) keeps its sign; 4 decimals are not rounded to 2.
    expect(plain(de.currency(-5))).toBe('-5,00 €');
    expect(plain(de.currency4('1.23456'))).toBe('1,2346 €');
  });

  it('R9.031 date formats in German and English: short, long with weekday and time, time, time with seconds, month-year', () => {
    const at = '2026-03-02T10:00:05Z'; // 11:00:05 in Berlin (CET)
    const de = dateFormats('de', 'Europe/Berlin');
    const en = dateFormats('en', 'Europe/Berlin');
    expect([de.short(at), de.long(at), de.time(at), de.timeSeconds(at), de.monthYear(at), de.monthYear('2026-03')]).toEqual([
      '02.03.2026',
      'Montag, 2. März 2026 um 11:00',
      '11:00',
      '11:00:05',
      'März 2026',
      'März 2026',
    ]);
    expect([en.short(at), en.long(at), en.time(at), en.timeSeconds(at), en.monthYear('2026-03')]).toEqual([
      '02/03/2026',
      'Monday, 2 March 2026 at 11:00',
      '11:00',
      '11:00:05',
      'March 2026',
    ]);
    // The user's time zone decides the day: 23:30 UTC is already the next day in Berlin.
    expect(dateFormats('de', 'Europe/Berlin').short('2026-03-02T23:30:00Z')).toBe('03.03.2026');
    expect(dateFormats('de', 'UTC').short('2026-03-02T23:30:00Z')).toBe('02.03.2026');
    expect(formatLocale('en')).toBe('en-GB');
  });
});
