import { VAT_PERCENT } from '../billing/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { availabilityError, domainDraftErrors, domainOrderPrice, locallyTaken, orderableTlds, ownerHandleError, parseDomain, type DomainOrderDraft } from './domainOrder.ts';
import { loadPriceTable, type PriceTable } from './pricing.ts';

let db: TestDatabase;
let table: PriceTable;
let tlds: string[];
beforeAll(async () => {
  db = await createTestDatabase();
  table = await loadPriceTable(db.orm.em.fork());
  tlds = orderableTlds(table);
});
afterAll(() => db.close());

const draftOf = (extra: Partial<DomainOrderDraft> = {}): DomainOrderDraft => ({
  customerId: 1,
  clusterId: 2,
  domain: 'neuer-shop.de',
  mode: 'register',
  keepNameservers: false,
  ownerHandleId: 3,
  adminHandleId: 4,
  acceptTerms: true,
  ...extra,
});

describe('domain order: the domain rules (§2 domain order wizard, §5, §9)', () => {
  it('the orderable TLDs are the ones the seeded price list prices', () => {
    expect(tlds).toEqual(['at', 'ch', 'com', 'de', 'eu', 'net', 'org', 'se']);
  });

  it('R5.029 R9.010 a domain label has at most 63 characters (counted in its ASCII form)', () => {
    expect(parseDomain(`${'a'.repeat(63)}.de`, tlds)).toMatchObject({ label: 'a'.repeat(63), tld: 'de' });
    expect(parseDomain(`${'a'.repeat(64)}.de`, tlds)).toEqual({ error: 'errors.domain_label_too_long' });
    // 60 characters typed, but the punycode form is longer than 63.
    expect(parseDomain(`${'ü'.repeat(60)}.de`, tlds)).toEqual({ error: 'errors.domain_label_too_long' });
  });

  it('IDN: Unicode and punycode forms are the same domain, case is folded (UTS #46 via tr46)', () => {
    expect(parseDomain('Müller.DE', tlds)).toEqual({ ascii: 'xn--mller-kva.de', unicode: 'müller.de', label: 'xn--mller-kva', tld: 'de' });
    expect(parseDomain('xn--mller-kva.de', tlds)).toMatchObject({ unicode: 'müller.de' });
    expect(parseDomain('bäckerei-sonnenschein.de.', tlds)).toMatchObject({ ascii: 'xn--bckerei-sonnenschein-bzb.de' });
  });

  it('invalid names, subdomains and unknown TLDs are refused with their message', () => {
    expect(parseDomain('', tlds)).toEqual({ error: 'validation.required' });
    expect(parseDomain('shop_neu.de', tlds)).toEqual({ error: 'errors.domain_invalid' });
    expect(parseDomain('-shop.de', tlds)).toEqual({ error: 'errors.domain_invalid' });
    expect(parseDomain('shop', tlds)).toEqual({ error: 'errors.domain_invalid' });
    expect(parseDomain('shop.invalid', tlds)).toEqual({ error: 'errors.domain_invalid_tld' });
    expect(parseDomain('shop.co.uk', tlds)).toEqual({ error: 'errors.domain_invalid_tld' });
    expect(parseDomain('www.shop.de', tlds)).toEqual({ error: 'errors.domain_subdomain' });
  });

  it('R2.052 availability (local adapter rules): seeded and held names are taken; register needs a free, transfer a taken domain', () => {
    expect(locallyTaken('example.de', new Set())).toBe(true);
    expect(locallyTaken('vergeben-shop.de', new Set())).toBe(true);
    expect(locallyTaken('neuer-shop.de', new Set())).toBe(false);
    expect(locallyTaken('neuer-shop.de', new Set(['neuer-shop.de']))).toBe(true);
    expect(availabilityError('register', 'taken')).toBe('errors.domain_taken');
    expect(availabilityError('register', 'available')).toBeUndefined();
    expect(availabilityError('transfer', 'available')).toBe('errors.domain_not_registered');
    expect(availabilityError('transfer', 'taken')).toBeUndefined();
  });
});

describe('domain order: validation per step', () => {
  it('R2.051 each step checks its own fields and those before it, not those after it', () => {
    expect(domainDraftErrors({}, tlds, 'customer')).toEqual({ customerId: ['validation.required'] });
    expect(domainDraftErrors({ customerId: 1 }, tlds, 'cluster')).toEqual({ clusterId: ['validation.required'] });
    expect(domainDraftErrors({ customerId: 1, clusterId: 2 }, tlds, 'domain')).toEqual({ domain: ['validation.required'], mode: ['validation.required'] });
    expect(domainDraftErrors(draftOf({ ownerHandleId: undefined, acceptTerms: false }), tlds, 'domain')).toEqual({});
    expect(domainDraftErrors(draftOf({ ownerHandleId: undefined, adminHandleId: undefined }), tlds, 'handle')).toEqual({ ownerHandleId: ['validation.required'], adminHandleId: ['validation.required'] });
    expect(domainDraftErrors(draftOf({ acceptTerms: false }), tlds, 'order')).toEqual({ acceptTerms: ['errors.order_terms_required'] });
    expect(domainDraftErrors(draftOf(), tlds, 'order')).toEqual({});
  });

  it('R2.052 a transfer needs the auth code', () => {
    expect(domainDraftErrors(draftOf({ mode: 'transfer' }), tlds, 'domain')).toEqual({ authCode: ['errors.domain_auth_code_required'] });
    expect(domainDraftErrors(draftOf({ mode: 'transfer', authCode: 'x'.repeat(65) }), tlds, 'domain')).toEqual({ authCode: ['validation.maxLength'] });
    expect(domainDraftErrors(draftOf({ mode: 'transfer', authCode: 'Ab3$-xyz' }), tlds, 'domain')).toEqual({});
  });

  it('R5.026 R8.008 R8.009 the owner of a .se domain: a person needs a tax code, a company a commercial register number', () => {
    const person = { kind: 'person' as const, taxId: null, companyRegistrationNumber: null };
    const company = { kind: 'company' as const, taxId: null, companyRegistrationNumber: null };
    expect(ownerHandleError('se', person)).toBe('errors.handle_se_tax_code_required');
    expect(ownerHandleError('se', { ...person, taxId: '19800101-1234' })).toBeUndefined();
    expect(ownerHandleError('se', company)).toBe('errors.handle_se_register_required');
    expect(ownerHandleError('se', { ...company, companyRegistrationNumber: '556000-0000' })).toBeUndefined();
    expect(ownerHandleError('de', person)).toBeUndefined();
  });
});

describe('domain order: price from the price list (§9 VAT 19 %)', () => {
  it('the first year of the TLD is the one-time amount, nothing monthly; VAT on top', () => {
    const de = domainOrderPrice(table, draftOf());
    expect(de.lines).toEqual([{ code: 'domain.tld.de', quantity: 1, unitCents: 1200, netCents: 1200, period: 'once' }]);
    expect(de.monthly).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
    expect(de.oneTime).toEqual({ netCents: 1200, vatCents: 228, grossCents: 1428 });
    expect(VAT_PERCENT).toBe(19);
    expect(domainOrderPrice(table, draftOf({ domain: 'butik.se', mode: 'transfer' })).oneTime).toEqual({ netCents: 2500, vatCents: 475, grossCents: 2975 });
    expect(domainOrderPrice(table, draftOf({ domain: 'shop.invalid' })).lines).toEqual([]);
  });
});
