import { renderConfig } from './render.ts';

describe('firewall renderer', () => {
  it('writes one line per entry in id order after the header', () => {
    const file = renderConfig([
      { id: 2, name: 'second', value: 'b' },
      { id: 1, name: 'first', value: 'a/b:c' },
    ]);
    expect(file.split('\n')).toEqual([expect.stringMatching(/^# Managed by the customer portal/), 'first = a/b:c', 'second = b', '']);
  });

  it('refuses a value that would add a line', () => {
    expect(() => renderConfig([{ id: 1, name: 'x', value: 'a\nevil = 1' }])).toThrow('entry 1');
  });
});
