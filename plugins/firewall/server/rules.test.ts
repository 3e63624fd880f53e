import { checkFields } from '@portal/plugin-sdk/resources';
import { firewallItemResource } from '../generated/resources.ts';
import { checkItem, maxItemsPerServer } from './rules.ts';

describe('firewall rules', () => {
  it('accepts a good entry', () => {
    expect(checkFields(firewallItemResource, { name: 'max_memory', value: '256M' })).toEqual({});
    expect(checkItem({ name: 'max_memory', value: '256M' }, [])).toBeUndefined();
  });

  it("the contract's fields (x-resources) refuse what would change the structure of the file", () => {
    expect(checkFields(firewallItemResource, { name: 'a=b', value: 'x\ny = 1' })).toEqual({ name: 'pattern', value: 'pattern' });
    expect(checkFields(firewallItemResource, { name: 'ok', value: 'a # comment' })).toEqual({ value: 'pattern' });
    expect(checkFields(firewallItemResource, { name: '', value: 'x'.repeat(256) })).toEqual({ name: 'required', value: 'maxLength' });
  });

  it('refuses a duplicate name (but not the entry itself when it is edited) and more than the maximum of entries', () => {
    expect(checkItem({ name: 'a', value: '1' }, [{ id: 1, name: 'a' }])).toEqual({ name: ['firewall:errors.duplicate'] });
    expect(checkItem({ name: 'a', value: '2' }, [{ id: 1, name: 'a' }], 1)).toBeUndefined();
    const full = Array.from({ length: maxItemsPerServer }, (_, i) => ({ id: i + 1, name: `n${i}` }));
    expect(checkItem({ name: 'a', value: '1' }, full)).toEqual({ _: ['firewall:errors.too_many'] });
  });
});
