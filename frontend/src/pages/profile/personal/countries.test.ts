import fs from 'node:fs';
import { countryCodes, countryOptions } from './countries';

describe('country select', () => {
  it('R5.010 offers exactly the contract\'s ISO 3166-1 alpha-2 codes', () => {
    const contract = JSON.parse(fs.readFileSync('openapi/dist/portal.openapi.json', 'utf8'));
    expect([...countryCodes]).toEqual(contract.components.schemas.Country.enum);
    expect(countryCodes).toHaveLength(249);
  });

  it('names and sorts the countries in the user\'s language', () => {
    const de = countryOptions('de');
    expect(de.find((c) => c.code === 'de')?.name).toBe('Deutschland');
    expect(countryOptions('en').find((c) => c.code === 'de')?.name).toBe('Germany');
    const names = de.map((c) => c.name);
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Schweiz'));
  });
});
