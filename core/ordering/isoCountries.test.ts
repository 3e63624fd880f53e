import { readFileSync } from 'node:fs';
import { isoCountryCodes } from './isoCountries.ts';

describe('ISO 3166 countries of certificate owners', () => {
  it('R3.044 the list is the contract\'s `Country` list (the one the portal\'s country selects offer)', () => {
    const doc = JSON.parse(readFileSync(new URL('../../openapi/dist/portal.openapi.json', import.meta.url), 'utf8')) as { components: { schemas: { Country: { enum: string[] } } } };
    expect([...isoCountryCodes]).toEqual(doc.components.schemas.Country.enum.map((c) => c.toUpperCase()));
  });
});
