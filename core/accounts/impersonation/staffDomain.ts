import type { User } from '../../tenancy/index.ts';

/**
 * The staff e-mail domain setting (§6, R6.010; `STAFF_EMAIL_DOMAIN`, comma-separated). Its effect, decided in
 * docs/decisions.md: staff rights (acting as a customer's user) count only for a staff account whose e-mail
 * address is at one of these domains, and no account at them can be acted as. A staff flag on an address
 * elsewhere (an account whose e-mail was changed, a flag set by mistake) grants nothing. Empty: no restriction.
 */
export type StaffDomains = readonly string[];

export function parseStaffDomains(setting: string): StaffDomains {
  return setting
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether the address is at a staff domain (exactly the domain, not a subdomain of it). */
export function atStaffDomain(email: string, domains: StaffDomains): boolean {
  return domains.includes(domainOf(email));
}

/** Whether the user may use staff rights: the staff flag, and an address at a staff domain when domains are set. */
export function actsAsStaff(user: Pick<User, 'isStaff' | 'email'>, domains: StaffDomains): boolean {
  return user.isStaff && (domains.length === 0 || atStaffDomain(user.email, domains));
}
