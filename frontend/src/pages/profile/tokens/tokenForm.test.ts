import { initialTokenValues, isoDay, oneMonthAhead, toRequest, validateToken } from './tokenForm';

const t = (k: string) => k;
const today = new Date(2026, 10, 22); // 22 Nov 2026, local time

describe('create-token form', () => {
  it('R4.035 R9.012 the expiry defaults to one month ahead, the 31st to the end of the next month', () => {
    expect(initialTokenValues(today)).toMatchObject({ expiry: 'until', expiresAt: '2026-12-22', access: 'limited_access' });
    expect(oneMonthAhead(new Date(2027, 0, 31))).toBe('2027-02-28');
    expect(oneMonthAhead(new Date(2026, 11, 15))).toBe('2027-01-15');
  });

  it('R5.015 R5.016 R5.017 validates name, expiry day and clusters', () => {
    const v = initialTokenValues(today);
    expect(validateToken(v, today, t)).toEqual({ name: 'errors:validationField.required', clusters: 'tokens:form.clusterRequired' });
    expect(validateToken({ ...v, name: 'x', clusters: ['3'], expiresAt: '2026-11-21' }, today, t)).toEqual({ expiresAt: 'tokens:form.dateInPast' });
    expect(validateToken({ ...v, name: 'x', clusters: ['3'], expiresAt: isoDay(today) }, today, t)).toEqual({});
    expect(validateToken({ ...v, name: 'x', expiry: 'unlimited', expiresAt: '', allClusters: true }, today, t)).toEqual({});
    expect(validateToken({ ...v, name: 'x', access: 'full_access' }, today, t)).toEqual({});
  });

  it('R4.035 R4.036 R7.009 builds the request: expires 1/0 with a day or null; global, or clusters and areas', () => {
    const v = { ...initialTokenValues(today), name: ' Deploy ' };
    expect(toRequest({ ...v, access: 'full_access', clusters: ['3'] })).toEqual({ name: 'Deploy', expires: 1, expires_at: '2026-12-22', abilities: { global: true } });
    expect(toRequest({ ...v, expiry: 'unlimited', clusters: ['3', '5'], accounting: true })).toEqual({
      name: 'Deploy',
      expires: 0,
      expires_at: null,
      abilities: { global: false, clusters: [3, 5], areas: ['accounting'] },
    });
    expect(toRequest({ ...v, allClusters: true, clusters: ['3'], profile: true }).abilities).toEqual({ global: false, allClusters: true, areas: ['profile'] });
  });
});
