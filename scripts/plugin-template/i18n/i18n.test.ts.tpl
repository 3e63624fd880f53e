import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('__id__ translations', () => {
  it('German and English have the same keys, none empty', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const lang of [de, en]) for (const k of keys(lang)) expect(k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang)).toMatch(/\S/);
  });

  it('has a message for every error key the server sends', () => {
    expect(Object.keys(en.errors).sort()).toEqual(['duplicate', 'name_format', 'too_many', 'value_format']);
  });
});
