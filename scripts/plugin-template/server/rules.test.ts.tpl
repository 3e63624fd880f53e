import { checkItem, maxItemsPerServer } from './rules.ts';

describe('__id__ rules', () => {
  it('accepts a good entry', () => {
    expect(checkItem({ name: 'max_memory', value: '256M' }, [])).toBeUndefined();
  });

  it('refuses what would change the structure of the file', () => {
    expect(checkItem({ name: 'a=b', value: 'x\ny = 1' }, [])).toEqual({ name: ['__id__:errors.name_format'], value: ['__id__:errors.value_format'] });
    expect(checkItem({ name: 'ok', value: 'a # comment' }, [])).toEqual({ value: ['__id__:errors.value_format'] });
    expect(checkItem({ name: 'ok', value: ' padded' }, [])).toEqual({ value: ['__id__:errors.value_format'] });
  });

  it('refuses a duplicate name and more than the maximum of entries', () => {
    expect(checkItem({ name: 'a', value: '1' }, [{ name: 'a' }])).toEqual({ name: ['__id__:errors.duplicate'] });
    const full = Array.from({ length: maxItemsPerServer }, (_, i) => ({ name: `n${i}` }));
    expect(checkItem({ name: 'a', value: '1' }, full)).toEqual({ _: ['__id__:errors.too_many'] });
  });
});
