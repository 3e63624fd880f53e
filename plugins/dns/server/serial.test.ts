import { MAX_SERIAL, dayOf, nextSerial } from './serial.ts';

const at = (iso: string) => new Date(iso);

describe('SOA serial YYYYMMDDnn', () => {
  it('starts a new day at nn=01', () => {
    expect(nextSerial(2026112005, 2026112005, at('2026-11-22T10:00:00Z'))).toBe(2026112201);
    expect(nextSerial(0, 0, at('2026-11-22T10:00:00Z'))).toBe(2026112201);
  });

  it('counts up on the same day', () => {
    expect(nextSerial(2026112201, 2026112201, at('2026-11-22T23:59:59Z'))).toBe(2026112202);
  });

  it('continues above the highest serial ever issued (after a rollback put an older one back)', () => {
    expect(nextSerial(2026112201, 2026112203, at('2026-11-22T12:00:00Z'))).toBe(2026112204);
  });

  it('only ever grows, also past nn=99 and for serials ahead of today', () => {
    expect(nextSerial(2026112299, 0, at('2026-11-22T12:00:00Z'))).toBe(2026112300);
    expect(nextSerial(2030010105, 0, at('2026-11-22T12:00:00Z'))).toBe(2030010106);
  });

  it('uses the UTC date', () => {
    expect(dayOf(at('2026-11-22T23:30:00-02:00'))).toBe(20261123);
  });

  it('refuses to wrap around the 32-bit range', () => {
    expect(() => nextSerial(MAX_SERIAL, 0, at('2026-11-22T12:00:00Z'))).toThrow('overflow');
  });
});
