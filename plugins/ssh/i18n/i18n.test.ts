import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('ssh translations', () => {
  it('German and English have the same keys, none empty', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const lang of [de, en]) for (const k of keys(lang)) expect(k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang)).toMatch(/\S/);
  });

  it('has a message for every error key the server sends', () => {
    const problems = ['required', 'private_key', 'multiple_lines', 'options_not_allowed', 'type_not_allowed', 'malformed', 'rsa_too_short', 'rsa_too_long', 'duplicate', 'label_required', 'label_characters', 'label_too_long', 'user_unknown', 'too_many'];
    expect(Object.keys(en.errors).sort()).toEqual(problems.sort());
  });
});
