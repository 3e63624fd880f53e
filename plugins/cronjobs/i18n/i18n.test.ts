import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('cronjobs translations', () => {
  it('German and English have the same keys, none empty', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const lang of [de, en]) for (const k of keys(lang)) expect(k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang)).toMatch(/\S/);
  });

  it('has a message for every error key the server sends', () => {
    const problems = ['schedule_format', 'schedule_range', 'schedule_never', 'command_required', 'command_control', 'command_backslash_percent', 'command_too_long', 'user_unknown', 'duplicate', 'too_many'];
    expect(Object.keys(en.errors).sort()).toEqual(problems.sort());
  });
});
