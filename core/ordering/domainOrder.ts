import tr46 from 'tr46';
import type { FieldErrors } from '../platform/index.ts';
import type { DomainOrderDetails } from './Order.ts';
import { priceLine, totalOf, type OrderPrice, type PriceTable } from './pricing.ts';

/** The steps of the domain order wizard (§2), in order; the check-order summary and the thank-you page follow. */
export const domainOrderSteps = ['customer', 'cluster', 'domain', 'handle', 'order'] as const;
export type DomainOrderStep = (typeof domainOrderSteps)[number];

/** Register a free domain, or transfer a registered one with its auth code (§2). */
export const domainOrderModes = ['register', 'transfer'] as const;
export type DomainOrderMode = (typeof domainOrderModes)[number];

/** §5, §9: a domain label has at most 63 characters (in its ASCII form, as the DNS counts). */
export const DOMAIN_LABEL_MAX = 63;
/** What a user may type as a domain (the DNS limit of a name). */
export const DOMAIN_INPUT_MAX = 253;
export const AUTH_CODE_MAX = 64;
export const REFERENCE_SIGN_MAX = 255;
/** The price list codes of the orderable top-level domains start with this. */
const TLD_PREFIX = 'domain.tld.';

/** What the wizard collected so far; every field is optional until its step. */
export interface DomainOrderDraft {
  customerId?: number;
  clusterId?: number;
  domain?: string;
  mode?: DomainOrderMode;
  authCode?: string | null;
  keepNameservers?: boolean;
  ownerHandleId?: number;
  adminHandleId?: number;
  referenceSign?: string | null;
  acceptTerms?: boolean;
}

/** The top-level domains on offer are the ones the price list prices (seeded), sorted. */
export function orderableTlds(table: PriceTable): string[] {
  return [...table.keys()]
    .filter((code) => code.startsWith(TLD_PREFIX))
    .map((code) => code.slice(TLD_PREFIX.length))
    .sort();
}

/** A domain as the rules read it: its ASCII (punycode) form for registries and DNS, its Unicode form for people. */
export interface ParsedDomain {
  ascii: string;
  unicode: string;
  label: string;
  tld: string;
}

/**
 * Reads a typed domain (`müller.de`, `XN--MLLER-KVA.de`, `shop.de`) with UTS #46 (tr46): case folding,
 * IDN to punycode, STD3 characters, hyphen, bidi and joiner rules. One label under one orderable TLD;
 * the label has at most 63 characters in its ASCII form (§5). Returns the domain or a message key.
 */
export function parseDomain(input: string, tlds: readonly string[]): ParsedDomain | { error: string } {
  const typed = input.trim().replace(/\.$/, '');
  if (!typed) return { error: 'validation.required' };
  if (typed.length > DOMAIN_INPUT_MAX) return { error: 'validation.maxLength' };
  const ascii = tr46.toASCII(typed, { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false, verifyDNSLength: false });
  if (!ascii) return { error: 'errors.domain_invalid' };
  const parts = ascii.split('.');
  if (parts.length < 2 || parts.some((p) => !p)) return { error: 'errors.domain_invalid' };
  const tld = parts.at(-1)!;
  if (!tlds.includes(tld)) return { error: 'errors.domain_invalid_tld' };
  if (parts.length > 2) return { error: 'errors.domain_subdomain' };
  const label = parts[0];
  if (label.length > DOMAIN_LABEL_MAX) return { error: 'errors.domain_label_too_long' };
  const unicode = tr46.toUnicode(ascii, { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true }).domain;
  return { ascii, unicode, label, tld };
}

/** Whether a domain can be registered: the seam to the registry (§2 "availability"). */
export type DomainAvailability = 'available' | 'taken';
export interface DomainAvailabilityPort {
  /** The availability of a domain in its ASCII form. */
  check(asciiDomain: string): Promise<DomainAvailability>;
}

/**
 * Domains the local registry adapter treats as registered elsewhere (deterministic, for development,
 * demo and tests): well-known names and every name whose label starts with `vergeben` or `taken`.
 */
export const locallyTakenDomains: readonly string[] = ['example.com', 'example.de', 'example.org', 'example.net', 'google.de', 'google.com', 'wikipedia.org', 'heise.de', 'xn--mller-kva.de'];

/** The local rule of the registry adapter (pure): taken when seeded as taken, or already a contract or an open order of this portal. */
export function locallyTaken(asciiDomain: string, known: ReadonlySet<string>): boolean {
  const label = asciiDomain.split('.')[0];
  return locallyTakenDomains.includes(asciiDomain) || /^(vergeben|taken)/.test(label) || known.has(asciiDomain);
}

/** The message key of a domain that does not suit the chosen mode, if any. */
export function availabilityError(mode: DomainOrderMode, availability: DomainAvailability): string | undefined {
  if (mode === 'register' && availability === 'taken') return 'errors.domain_taken';
  if (mode === 'transfer' && availability === 'available') return 'errors.domain_not_registered';
  return undefined;
}

/** What a handle must satisfy to own a domain under a TLD: §5 `.se` — a private person needs a tax code, a company a commercial register number (§8). */
export function ownerHandleError(tld: string, handle: { kind: 'person' | 'company'; taxId?: string | null; companyRegistrationNumber?: string | null }): string | undefined {
  if (tld !== 'se') return undefined;
  if (handle.kind === 'person' && !handle.taxId?.trim()) return 'errors.handle_se_tax_code_required';
  if (handle.kind === 'company' && !handle.companyRegistrationNumber?.trim()) return 'errors.handle_se_register_required';
  return undefined;
}

const stepIndex = (s: DomainOrderStep) => domainOrderSteps.indexOf(s);
const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * The field errors a draft shows by itself for every step up to `upTo` (the rules that need the
 * database — customer, cluster, handles, availability — are checked by `checkDomainDraft`).
 */
export function domainDraftErrors(d: DomainOrderDraft, tlds: readonly string[], upTo: DomainOrderStep = 'order'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, key: string | undefined) => {
    if (key) errors[field] = [key];
  };
  const last = stepIndex(upTo);
  if (last >= stepIndex('customer')) add('customerId', isId(d.customerId) ? undefined : 'validation.required');
  if (last >= stepIndex('cluster')) add('clusterId', isId(d.clusterId) ? undefined : 'validation.required');
  if (last >= stepIndex('domain')) {
    const parsed = parseDomain(d.domain ?? '', tlds);
    add('domain', 'error' in parsed ? parsed.error : undefined);
    add('mode', !d.mode ? 'validation.required' : !domainOrderModes.includes(d.mode) ? 'validation.enum' : undefined);
    if (d.mode === 'transfer') {
      const code = d.authCode?.trim() ?? '';
      add('authCode', !code ? 'errors.domain_auth_code_required' : code.length > AUTH_CODE_MAX ? 'validation.maxLength' : undefined);
    }
  }
  if (last >= stepIndex('handle')) {
    add('ownerHandleId', isId(d.ownerHandleId) ? undefined : 'validation.required');
    add('adminHandleId', isId(d.adminHandleId) ? undefined : 'validation.required');
  }
  if (last >= stepIndex('order')) {
    add('referenceSign', (d.referenceSign?.trim().length ?? 0) > REFERENCE_SIGN_MAX ? 'validation.maxLength' : undefined);
    add('acceptTerms', d.acceptTerms !== true ? 'errors.order_terms_required' : undefined);
  }
  return errors;
}

/**
 * The price of a domain order from the price list (server only). The list prices a TLD per year; a
 * domain is billed a year in advance, so the first year is the one-time amount of the order and the
 * monthly amount is none (docs/decisions.md "Domain order wizard"). Registration and transfer cost
 * the same. Without a valid domain there is no price yet.
 */
export function domainOrderPrice(table: PriceTable, d: DomainOrderDraft): OrderPrice {
  const parsed = parseDomain(d.domain ?? '', orderableTlds(table));
  if ('error' in parsed) return totalOf([]);
  return totalOf([priceLine(table, `${TLD_PREFIX}${parsed.tld}`, 1, 'once')]);
}

/** The regular annual fee of a TLD (net cents). */
export const annualFeeOf = (table: PriceTable, tld: string): number => table.get(`${TLD_PREFIX}${tld}`)?.netCents ?? 0;

/** A handle as an order stores it: its id and the name people know it by. */
export interface OrderedHandle {
  id: number;
  handle: string;
  name: string;
}

/** The stored details of a complete, valid draft. */
export function domainDetailsOf(d: DomainOrderDraft, parsed: ParsedDomain, cluster: { id: number; number: string }, owner: OrderedHandle, admin: OrderedHandle, annualFeeCents: number): DomainOrderDetails {
  return {
    kind: 'domain',
    domain: parsed.ascii,
    domainUnicode: parsed.unicode,
    tld: parsed.tld,
    mode: d.mode!,
    keepNameservers: !!d.keepNameservers,
    clusterId: cluster.id,
    clusterNumber: cluster.number,
    owner,
    admin,
    annualFeeCents,
    referenceSign: d.referenceSign?.trim() || null,
  };
}
