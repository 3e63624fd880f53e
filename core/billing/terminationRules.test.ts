import { DomainError } from '../platform/index.ts';
import { contractStatusFor, endOfTermErrors, isContractCompleted, endOfTermOptions, nextTerminationStatus, terminationDates } from './terminationRules.ts';

describe('cluster termination rules', () => {
  it('R3.048 R5.039 a termination brings end of term, shutdown (next day) and deletion (14 days later)', () => {
    expect(terminationDates('2027-01-31')).toEqual({ endOfTerm: '2027-01-31', shutdownOn: '2027-02-01', deletionOn: '2027-02-15' });
    expect(terminationDates('2028-02-29')).toEqual({ endOfTerm: '2028-02-29', shutdownOn: '2028-03-01', deletionOn: '2028-03-15' });
  });

  it('R5.039 the earliest end of term is the end of the month 30 days ahead; twelve month ends are offered', () => {
    const options = endOfTermOptions('2026-11-24');
    expect(options).toHaveLength(12);
    expect(options[0].endOfTerm).toBe('2026-12-31');
    expect(options[1].endOfTerm).toBe('2027-01-31');
    expect(options[2].endOfTerm).toBe('2027-02-28');
    expect(endOfTermOptions('2026-11-01')[0].endOfTerm).toBe('2026-12-31');
    expect(endOfTermOptions('2026-11-30')[0].endOfTerm).toBe('2026-12-31');
    expect(endOfTermOptions('2026-12-02')[0].endOfTerm).toBe('2027-01-31');
  });

  it('R5.039 an end of term must be a month end within the notice period and the offered range', () => {
    expect(endOfTermErrors('2026-11-24', '2026-12-31')).toEqual([]);
    expect(endOfTermErrors('2026-11-24', '2026-11-30')).toEqual(['errors.termination_notice_period']);
    expect(endOfTermErrors('2026-11-24', '2026-12-15')).toEqual(['errors.termination_end_of_month']);
    expect(endOfTermErrors('2026-11-24', '2026-02-30')).toEqual(['validation.format.date']);
    expect(endOfTermErrors('2026-11-24', '2027-11-30')).toEqual([]);
    expect(endOfTermErrors('2026-11-24', '2027-12-31')).toEqual(['errors.termination_too_far']);
  });

  it('R4.015 edit, abort and confirm only while in termination', () => {
    expect(nextTerminationStatus('in_termination', 'edit')).toBe('in_termination');
    expect(nextTerminationStatus('in_termination', 'abort')).toBe('aborted');
    expect(nextTerminationStatus('in_termination', 'confirm')).toBe('confirmed');
    for (const from of ['aborted', 'confirmed'] as const)
      for (const action of ['edit', 'abort', 'confirm'] as const) {
        let error: unknown;
        try {
          nextTerminationStatus(from, action);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).status).toBe(409);
      }
  });

  it('R4.012 the contract status follows the termination', () => {
    expect(contractStatusFor('in_termination')).toBe('in_termination');
    expect(contractStatusFor('aborted')).toBe('active');
    expect(contractStatusFor('confirmed')).toBe('terminated');
  });

  it('R4.012 a confirmed termination completes the contract from the day after the deletion date on', () => {
    const t = { status: 'confirmed' as const, deletionOn: '2027-01-15' };
    expect(isContractCompleted(t, '2027-01-15')).toBe(false);
    expect(isContractCompleted(t, '2027-01-16')).toBe(true);
    expect(isContractCompleted({ ...t, status: 'in_termination' }, '2027-06-01')).toBe(false);
    expect(isContractCompleted({ ...t, status: 'aborted' }, '2027-06-01')).toBe(false);
  });
});
