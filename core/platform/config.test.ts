import { ConfigError, isSepaCreditorId, loadConfig } from './config.ts';

describe('configuration', () => {
  test('CREDITOR_ID: the demo default is a valid SEPA creditor identifier; spaces and case are normalised', () => {
    expect(loadConfig({}).CREDITOR_ID).toBe('DE98ZZZ09999999999');
    expect(loadConfig({ CREDITOR_ID: 'at61 zzz 01234567890' }).CREDITOR_ID).toBe('AT61ZZZ01234567890');
    expect(isSepaCreditorId('NL79ZZZ999999990000')).toBe(true);
  });

  test('CREDITOR_ID: wrong check digits or shape stop the start with a message naming the variable', () => {
    expect(() => loadConfig({ CREDITOR_ID: 'DE99ZZZ09999999999' })).toThrow(ConfigError);
    expect(() => loadConfig({ CREDITOR_ID: 'DE99ZZZ09999999999' })).toThrow(/CREDITOR_ID: a SEPA creditor identifier/);
    expect(() => loadConfig({ CREDITOR_ID: 'DE123' })).toThrow(ConfigError);
    expect(isSepaCreditorId('DE98ZZZ0999999999X')).toBe(false);
  });
});
