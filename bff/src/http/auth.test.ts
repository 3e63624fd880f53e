import type { User } from '@portal/core/accounts';
import { credentialAllowsOperation, type Principal } from './auth.ts';

const user = { id: 1 } as User;
const token = (...abilities: string[]): Principal => ({ via: 'token', user, profile: user, tokenId: 1, abilities });
const session = { via: 'session', user } as Principal;

describe('what a personal access token may call (x-token-area, x-session-only)', () => {
  it('R6.008 sessions may call everything; tokens only operations of an area they hold', () => {
    expect(credentialAllowsOperation(session, { sessionOnly: true })).toBe(true);
    expect(credentialAllowsOperation(undefined, {})).toBe(true);
    expect(credentialAllowsOperation(token('*'), { sessionOnly: true, tokenArea: 'profile' })).toBe(false);
    expect(credentialAllowsOperation(token('*'), {})).toBe(false);
    expect(credentialAllowsOperation(token('*'), { public: true })).toBe(true);
    expect(credentialAllowsOperation(token('*'), { tokenArea: 'accounting' })).toBe(true);
    expect(credentialAllowsOperation(token('cluster:4'), { tokenArea: 'clusters' })).toBe(true);
    expect(credentialAllowsOperation(token('clusters:*'), { tokenArea: 'clusters' })).toBe(true);
    expect(credentialAllowsOperation(token('cluster:4'), { tokenArea: 'profile' })).toBe(false);
    expect(credentialAllowsOperation(token('profile'), { tokenArea: 'profile' })).toBe(true);
    expect(credentialAllowsOperation(token('profile'), { tokenArea: 'accounting' })).toBe(false);
    expect(credentialAllowsOperation(token('accounting'), { tokenArea: 'accounting' })).toBe(true);
    expect(credentialAllowsOperation(token('profile', 'accounting'), { tokenArea: 'clusters' })).toBe(false);
  });
});
