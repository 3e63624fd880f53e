// The types of `punycode.js` (it has none): a reference, so every workspace that compiles this file sees them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./certificatePunycode.d.ts" />
import punycode from 'punycode.js';
import { parse as parseDomain } from 'tldts';
import type { FieldErrors } from '../platform/index.ts';
import { isoCountryCodes } from './isoCountries.ts';
import { priceLine, totalOf, unitPrice, type OrderPrice, type OrderPriceLine, type PriceTable } from './pricing.ts';

/** The steps of the certificate order wizard (§2), in order; the check-order summary and the thank-you page follow. */
export const certificateOrderSteps = ['customer', 'domains', 'certificate', 'organization', 'order'] as const;
export type CertificateOrderStep = (typeof certificateOrderSteps)[number];

/** §3 certificate types. */
export const certificateTypes = [
  'domain_ssl',
  'multi_domain_ssl',
  'wildcard_ssl',
  'organization_ssl',
  'organization_wildcard_ssl',
  'extended_ssl',
  'multi_extended_ssl',
] as const;
export type CertificateType = (typeof certificateTypes)[number];
/** The product names (§2), the same in every language; the list's search matches them. */
export const certificateTypeLabels: Record<CertificateType, string> = {
  domain_ssl: 'DomainSSL',
  multi_domain_ssl: 'Multi-DomainSSL',
  wildcard_ssl: 'WildcardSSL',
  organization_ssl: 'OrganizationSSL',
  organization_wildcard_ssl: 'OrganizationWildcardSSL',
  extended_ssl: 'ExtendedSSL',
  multi_extended_ssl: 'Multi-ExtendedSSL',
};

/** §9: certificates run 12 months by default, keys have 4096 bits. */
export const CERTIFICATE_DEFAULT_TERM_MONTHS = 12;
export const certificateTerms = [12, 24] as const;
export const CERTIFICATE_KEY_BITS = 4096;
/** The domains the base price of a multi-domain certificate includes; each further domain costs extra. */
export const MULTI_INCLUDED_DOMAINS = 3;
export const MAX_CERTIFICATE_DOMAINS = 100;

const multiTypes: readonly CertificateType[] = ['multi_domain_ssl', 'multi_extended_ssl'];
const wildcardTypes: readonly CertificateType[] = ['wildcard_ssl', 'organization_wildcard_ssl'];
/** Types validated against the organization (OV/EV): they need the owner's company. */
export const isMultiDomain = (t: CertificateType) => multiTypes.includes(t);
export const isWildcard = (t: CertificateType) => wildcardTypes.includes(t);

/** How a domain's control is verified (DCV). Wildcards cannot be verified by a file on one host. */
export const verificationMethods = ['email', 'dns', 'http'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];
/** The mailboxes a CA accepts for e-mail verification, at the registrable domain. */
export const approverMailboxes = ['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster'] as const;

/** §3 R3.044: company, department, DUNS, telephone, e-mail, street, zip, city, federal state, country. */
export interface CertificateOwnerData {
  company: string;
  /** Optional (null when not given), like the federal state and the DUNS number. */
  department: string | null;
  /** The 9-digit D-U-N-S number of the company, digits only. */
  duns: string | null;
  street: string;
  zip: string;
  city: string;
  federalState: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  email: string;
  phone: string;
}
/** §3 R3.045: first name, surname, fax, job title, address (with e-mail and telephone to reach them). */
export interface CertificateAdministrator {
  firstname: string;
  surname: string;
  email: string;
  phone: string;
  /** Orders made before R3.045 was built have no fax, job title or address (absent, not null). */
  fax?: string | null;
  jobTitle?: string | null;
  address?: CertificateAddress | null;
}
export interface CertificateAddress {
  street: string;
  zip: string;
  city: string;
  country: string;
}
export interface DomainVerification {
  domain: string;
  method: VerificationMethod;
  /** Only for `email`: one of the approver mailboxes at the domain. */
  approverEmail?: string | null;
}

/** What the wizard collected so far; every field is optional until its step. */
export interface CertificateOrderDraft {
  customerId?: number;
  domains?: string[];
  certificateType?: CertificateType;
  termMonths?: number;
  ownerId?: number;
  administrator?: Partial<Omit<CertificateAdministrator, 'address'>> & { address?: Partial<CertificateAddress> | null };
  verifications?: DomainVerification[];
  referenceSign?: string | null;
  acceptTerms?: boolean;
}

/**
 * An owner as an order stores it and the API shows it (R3.044): every field, the optional ones as null. An order made
 * before department, DUNS and federal state existed has none of them.
 */
export function ownerSnapshot(o: Omit<CertificateOwnerData, 'department' | 'duns' | 'federalState'> & Partial<Pick<CertificateOwnerData, 'department' | 'duns' | 'federalState'>> & { id: number }): CertificateOwnerData & { id: number } {
  return {
    id: o.id,
    company: o.company,
    department: o.department ?? null,
    duns: o.duns ?? null,
    street: o.street,
    zip: o.zip,
    city: o.city,
    federalState: o.federalState ?? null,
    country: o.country,
    email: o.email,
    phone: o.phone,
  };
}

/** What is stored with the order (the private key is not: it is sealed in its own table). */
export interface CertificateOrderDetails {
  kind: 'certificate';
  certificateType: CertificateType;
  termMonths: number;
  keyBits: number;
  domains: string[];
  owner: CertificateOwnerData & { id: number };
  administrator: CertificateAdministrator;
  verifications: DomainVerification[];
  referenceSign: string | null;
}

/** The catalog the wizard shows. */
export const certificateCatalog = {
  types: certificateTypes.map((id) => ({ id, multiDomain: isMultiDomain(id), wildcard: isWildcard(id), includedDomains: isMultiDomain(id) ? MULTI_INCLUDED_DOMAINS : 1 })),
  terms: [...certificateTerms],
  defaultTermMonths: CERTIFICATE_DEFAULT_TERM_MONTHS,
  keyBits: CERTIFICATE_KEY_BITS,
  verificationMethods: [...verificationMethods],
  approverMailboxes: [...approverMailboxes],
};

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as the certificate names it: lower case, IDN labels in punycode (`müller.de` →
 * `xn--mller-kva.de`, with the `punycode` library), a leading `*.` removed (the type decides about
 * wildcards). Returns an error key instead when it is no host name, or its TLD is not an ICANN
 * top-level domain (§8 invalid TLD, checked against the public suffix list with `tldts`).
 */
export function normaliseCertificateDomain(raw: string): { domain: string } | { error: string } {
  let value = raw.trim().toLowerCase().replace(/\.$/, '');
  if (value.startsWith('*.')) value = value.slice(2);
  if (!value) return { error: 'validation.required' };
  if (value.length > 253) return { error: 'validation.maxLength' };
  let ascii: string;
  try {
    ascii = punycode.toASCII(value.normalize('NFC'));
  } catch {
    return { error: 'errors.certificate_domain_invalid' };
  }
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || ascii.length > 253) return { error: 'errors.certificate_domain_invalid' };
  const parsed = parseDomain(ascii);
  if (!parsed.isIcann || !parsed.domain || parsed.publicSuffix === ascii) return { error: 'errors.certificate_invalid_tld' };
  return { domain: ascii };
}

/** The unicode form of a domain, for showing it. */
export const displayDomain = (ascii: string) => punycode.toUnicode(ascii);

/** The registrable domain of a host (for the approver mailboxes). */
export const registrableDomain = (ascii: string) => parseDomain(ascii).domain ?? ascii;

/** An approver address as compared and stored: lower case, its domain in punycode. */
export function normaliseApprover(raw: unknown): string {
  const value = String(raw ?? '').trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  try {
    return `${value.slice(0, at)}@${punycode.toASCII(value.slice(at + 1).normalize('NFC'))}`;
  } catch {
    return value;
  }
}

/** The approver addresses e-mail verification may use for a domain. */
export const approverAddressesOf = (ascii: string) => approverMailboxes.map((m) => `${m}@${registrableDomain(ascii)}`);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()/-]{5,40}$/;
const text = (v: unknown, max: number) => (typeof v !== 'string' || !v.trim() ? 'validation.required' : v.trim().length > max ? 'validation.maxLength' : undefined);
const email = (v: unknown) => text(v, 254) ?? (EMAIL.test(String(v).trim()) ? undefined : 'validation.format.email');
const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';
/** An optional text: absent, null or blank is fine, otherwise at most `max` characters. */
const optionalText = (v: unknown, max: number) => (!given(v) ? undefined : text(v, max));
const country = (v: unknown) => text(v, 2) ?? (isoCountryCodes.has(String(v).trim().toUpperCase()) ? undefined : 'validation.enum');
/** A D-U-N-S number: nine digits, the usual grouping (12-345-6789) and spaces allowed. */
export const normaliseDuns = (v: string) => v.replace(/[\s-]/g, '');
const duns = (v: unknown) => (!given(v) ? undefined : /^[0-9]{9}$/.test(normaliseDuns(String(v))) ? undefined : 'errors.certificate_duns_invalid');
/** An optional text as stored: trimmed, null when blank. */
export const optionalValue = (v: unknown): string | null => (given(v) ? String(v).trim() : null);

/** The field errors of a certificate owner (add and edit). */
export function ownerErrors(o: Partial<CertificateOwnerData>): FieldErrors {
  const errors: FieldErrors = {};
  const add = (f: keyof CertificateOwnerData, k: string | undefined) => {
    if (k) errors[f] = [k];
  };
  add('company', text(o.company, 120));
  add('department', optionalText(o.department, 120));
  add('duns', duns(o.duns));
  add('street', text(o.street, 120));
  add('zip', text(o.zip, 16));
  add('city', text(o.city, 80));
  add('federalState', optionalText(o.federalState, 80));
  add('country', country(o.country));
  add('email', email(o.email));
  add('phone', text(o.phone, 40) ?? (PHONE.test(String(o.phone).trim()) ? undefined : 'validation.pattern'));
  return errors;
}

/**
 * The field errors of a certificate administrator (R3.045), keyed `administrator.<field>`: name, e-mail
 * and telephone are required; fax and job title are optional; the address is optional as a whole, but
 * once any part of it is given, street, zip, city and country are.
 */
export function administratorErrors(a: Partial<Omit<CertificateAdministrator, 'address'>> & { address?: Partial<CertificateAddress> | null }): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, key: string | undefined) => {
    if (key) errors[`administrator.${field}`] = [key];
  };
  add('firstname', text(a.firstname, 80));
  add('surname', text(a.surname, 80));
  add('email', email(a.email));
  add('phone', text(a.phone, 40));
  add('fax', !given(a.fax) ? undefined : (text(a.fax, 40) ?? (PHONE.test(String(a.fax).trim()) ? undefined : 'validation.pattern')));
  add('jobTitle', optionalText(a.jobTitle, 80));
  const address = a.address ?? {};
  if (given(address.street) || given(address.zip) || given(address.city)) {
    add('address.street', text(address.street, 120));
    add('address.zip', text(address.zip, 16));
    add('address.city', text(address.city, 80));
    add('address.country', country(address.country));
  }
  return errors;
}

/** The administrator as stored with the order: trimmed, optional fields null, the country upper case. */
export function cleanAdministrator(a: NonNullable<CertificateOrderDraft['administrator']>): CertificateAdministrator {
  const address = a.address;
  return {
    firstname: a.firstname!.trim(),
    surname: a.surname!.trim(),
    email: a.email!.trim(),
    phone: a.phone!.trim(),
    fax: optionalValue(a.fax),
    jobTitle: optionalValue(a.jobTitle),
    address:
      address && given(address.street)
        ? { street: address.street!.trim(), zip: address.zip!.trim(), city: address.city!.trim(), country: address.country!.trim().toUpperCase() }
        : null,
  };
}

/** The domains of a draft, normalised (duplicates count once); with the errors per list index. */
export function draftDomains(d: CertificateOrderDraft): { domains: string[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const domains: string[] = [];
  (d.domains ?? []).forEach((raw, i) => {
    const r = normaliseCertificateDomain(typeof raw === 'string' ? raw : '');
    if ('error' in r) errors[`domains.${i}`] = [r.error];
    else if (domains.includes(r.domain)) errors[`domains.${i}`] = ['errors.certificate_domain_duplicate'];
    else domains.push(r.domain);
  });
  return { domains, errors };
}

const stepIndex = (s: CertificateOrderStep) => certificateOrderSteps.indexOf(s);

/**
 * The field errors of a draft for every step up to `upTo`: at least one domain (§5), a valid TLD for
 * each (§8), one domain for single-domain types, a term of 12 (default) or 24 months, a certificate
 * owner and administrator, and a verification method for every domain (§8 "no verification method";
 * e-mail needs an approver address at the domain, wildcards cannot use a file on one host).
 * The owner's existence is checked by the caller (it needs the database).
 */
export function certificateDraftErrors(d: CertificateOrderDraft, upTo: CertificateOrderStep = 'order'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, key: string | undefined) => {
    if (key) errors[field] = [key];
  };
  const last = stepIndex(upTo);
  if (last >= stepIndex('customer')) add('customerId', d.customerId === undefined ? 'validation.required' : undefined);
  const { domains, errors: domainErrors } = draftDomains(d);
  if (last >= stepIndex('domains')) {
    if (!d.domains?.length) add('domains', 'errors.certificate_domain_required');
    else if (d.domains.length > MAX_CERTIFICATE_DOMAINS) add('domains', 'validation.maxItems');
    Object.assign(errors, domainErrors);
  }
  if (last >= stepIndex('certificate')) {
    const t = d.certificateType;
    add('certificateType', !t ? 'validation.required' : !certificateTypes.includes(t) ? 'validation.enum' : undefined);
    if (t && certificateTypes.includes(t) && !isMultiDomain(t) && (d.domains?.length ?? 0) > 1) add('certificateType', 'errors.certificate_single_domain');
    add('termMonths', !(certificateTerms as readonly number[]).includes(d.termMonths ?? CERTIFICATE_DEFAULT_TERM_MONTHS) ? 'validation.enum' : undefined);
  }
  if (last >= stepIndex('organization')) {
    add('ownerId', d.ownerId === undefined ? 'errors.certificate_owner_required' : undefined);
    Object.assign(errors, administratorErrors(d.administrator ?? {}));
    const wildcard = !!d.certificateType && isWildcard(d.certificateType);
    domains.forEach((domain, i) => {
      const v = d.verifications?.find((x) => {
        const n = normaliseCertificateDomain(typeof x?.domain === 'string' ? x.domain : '');
        return 'domain' in n && n.domain === domain;
      });
      const field = `verifications.${i}`;
      if (!v || !verificationMethods.includes(v.method) || (wildcard && v.method === 'http')) add(field, 'errors.certificate_no_verification_method');
      else if (v.method === 'email' && !approverAddressesOf(domain).includes(normaliseApprover(v.approverEmail))) add(field, 'errors.certificate_no_email_verification_method');
    });
  }
  if (last >= stepIndex('order')) {
    add('referenceSign', d.referenceSign && d.referenceSign.length > 255 ? 'validation.maxLength' : undefined);
    add('acceptTerms', d.acceptTerms !== true ? 'errors.order_terms_required' : undefined);
  }
  return errors;
}

const codeOf = (t: CertificateType) => `certificate.${t}`;

/** A type's yearly net prices from the price list (R3.047): the base price and, for multi-domain types, the price of each further domain. */
export interface CertificateTypePrice {
  yearlyCents: number;
  extraDomainYearlyCents: number | null;
}

/** The catalog with each type's yearly prices (the wizard shows them while the type is chosen). */
export function certificateCatalogWithPrices(table: PriceTable) {
  return {
    ...certificateCatalog,
    types: certificateCatalog.types.map((t) => ({
      ...t,
      price: {
        yearlyCents: unitPrice(table, codeOf(t.id)),
        extraDomainYearlyCents: t.multiDomain ? unitPrice(table, `${codeOf(t.id)}.extra_domain`) : null,
      } satisfies CertificateTypePrice,
    })),
  };
}

/**
 * The price of a certificate from the price list (server only): the yearly price of the type for each
 * started year of the term; multi-domain types include {@link MULTI_INCLUDED_DOMAINS} domains and add
 * the yearly price per further domain. A certificate is paid once, in advance, for its term (one-time
 * amount; there is no monthly fee). Without a type there is no price yet.
 */
export function certificateOrderPrice(table: PriceTable, d: Pick<CertificateOrderDraft, 'certificateType' | 'termMonths'> & { domainCount: number }): OrderPrice {
  const t = d.certificateType;
  if (!t || !certificateTypes.includes(t)) return totalOf([]);
  const years = Math.ceil((d.termMonths ?? CERTIFICATE_DEFAULT_TERM_MONTHS) / 12);
  const lines: OrderPriceLine[] = [priceLine(table, codeOf(t), years, 'once')];
  if (isMultiDomain(t)) lines.push(priceLine(table, `${codeOf(t)}.extra_domain`, Math.max(0, d.domainCount - MULTI_INCLUDED_DOMAINS) * years, 'once'));
  return totalOf(lines.filter((l) => l.quantity > 0));
}
