import { AUTH_CODE_LENGTH, authCodeValidUntil, domainTerminationOn, generateAuthCode, isAuthCodeExpired, isTerminationEffective, needsManualTermination } from './domainTerminationRules.ts';

describe('domain termination rules', () => {
  test('R5.030 .co.uk and .uk domains must be terminated manually, others not', () => {
    expect(needsManualTermination('mueller-schmidt.co.uk')).toBe(true);
    expect(needsManualTermination('example.UK')).toBe(true);
    expect(needsManualTermination('example.uk.')).toBe(true);
    expect(needsManualTermination('example.de')).toBe(false);
    expect(needsManualTermination('uk-shop.de')).toBe(false);
    expect(needsManualTermination('example.ukraine')).toBe(false);
  });

  test('R4.017 the termination takes effect at the end of the registration period', () => {
    expect(domainTerminationOn('2027-03-14')).toBe('2027-03-14');
    expect(isTerminationEffective('2027-03-14', '2027-03-13')).toBe(false);
    expect(isTerminationEffective('2027-03-14', '2027-03-14')).toBe(false);
    expect(isTerminationEffective('2027-03-14', '2027-03-15')).toBe(true);
    expect(isTerminationEffective('2026-12-31', '2027-01-01')).toBe(true);
  });

  test('R4.017 an auth code is valid 30 days and then shows as expired', () => {
    const at = new Date('2027-03-15T08:00:00Z');
    const until = authCodeValidUntil(at);
    expect(until.toISOString()).toBe('2027-04-14T08:00:00.000Z');
    expect(isAuthCodeExpired(until, new Date('2027-04-14T07:59:59Z'))).toBe(false);
    expect(isAuthCodeExpired(until, new Date('2027-04-14T08:00:00Z'))).toBe(true);
  });

  test('R4.017 auth codes have letters, digits and specials and differ each time', () => {
    const codes = new Set(Array.from({ length: 200 }, generateAuthCode));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(AUTH_CODE_LENGTH);
      expect(code).toMatch(/[A-Z]/);
      expect(code).toMatch(/[a-z]/);
      expect(code).toMatch(/[2-9]/);
      expect(code).toMatch(/[+\-_=#]/);
      expect(code).not.toMatch(/[0O1lI]/);
    }
  });
});
