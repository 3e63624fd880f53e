import { isProductive } from './overview.ts';

describe('cluster name (§4)', () => {
  it('R8.010 R4.026 can be changed only while the contract is productive', () => {
    expect(isProductive({ contractMode: 'production' })).toBe(true);
    expect(isProductive({ contractMode: 'development' })).toBe(false);
  });
});
