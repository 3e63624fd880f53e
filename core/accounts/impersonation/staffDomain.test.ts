import { actsAsStaff, atStaffDomain, parseStaffDomains } from './staffDomain.ts';

describe('staff e-mail domain (§6 R6.010)', () => {
  it('R6.010 parses a comma-separated setting, with or without @, case-insensitively; empty means no restriction', () => {
    expect(parseStaffDomains(' Hosting.example, @ops.hosting.example ,')).toEqual(['hosting.example', 'ops.hosting.example']);
    expect(parseStaffDomains('')).toEqual([]);
    expect(actsAsStaff({ isStaff: true, email: 'anyone@elsewhere.example' }, [])).toBe(true);
  });

  it('R6.010 staff rights need the staff flag and, when domains are set, an address exactly at one of them', () => {
    const domains = parseStaffDomains('hosting.example');
    expect(actsAsStaff({ isStaff: true, email: 'anna@hosting.example' }, domains)).toBe(true);
    expect(actsAsStaff({ isStaff: true, email: 'anna@HOSTING.example' }, domains)).toBe(true);
    expect(actsAsStaff({ isStaff: true, email: 'anna@evil-hosting.example' }, domains)).toBe(false);
    expect(actsAsStaff({ isStaff: true, email: 'anna@hosting.example.evil.example' }, domains)).toBe(false);
    expect(actsAsStaff({ isStaff: false, email: 'anna@hosting.example' }, domains)).toBe(false);
    expect(atStaffDomain('x@sub.hosting.example', domains)).toBe(false);
  });
});
