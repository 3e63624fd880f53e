import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { generateCertificateRequest, readCertificateRequest } from './certificateKeys.ts';
import {
  administratorErrors,
  CERTIFICATE_KEY_BITS,
  certificateCatalog,
  certificateCatalogWithPrices,
  certificateDraftErrors,
  certificateOrderPrice,
  MULTI_INCLUDED_DOMAINS,
  normaliseCertificateDomain,
  ownerErrors,
  type CertificateOrderDetails,
  type CertificateOrderDraft,
} from './certificateOrder.ts';
import { loadPriceTable, type PriceTable } from './pricing.ts';

let db: TestDatabase;
let table: PriceTable;
beforeAll(async () => {
  db = await createTestDatabase();
  table = await loadPriceTable(db.orm.em.fork());
});
afterAll(() => db.close());

const draftOf = (extra: Partial<CertificateOrderDraft> = {}): CertificateOrderDraft => ({
  customerId: 1,
  domains: ['shop.example.de'],
  certificateType: 'domain_ssl',
  termMonths: 12,
  ownerId: 1,
  administrator: { firstname: 'Anna', surname: 'Admin', email: 'anna@example.de', phone: '+49 30 1234567' },
  verifications: [{ domain: 'shop.example.de', method: 'dns' }],
  acceptTerms: true,
  ...extra,
});

describe('certificate order rules (§2 certificate wizard, §5, §8, §9)', () => {
  it('R2.054 a complete draft has no errors at any step', () => {
    for (const step of ['customer', 'domains', 'certificate', 'organization', 'order'] as const) expect(certificateDraftErrors(draftOf(), step)).toEqual({});
  });

  it('R5.031 R2.055 a certificate order needs at least one domain', () => {
    expect(certificateDraftErrors(draftOf({ domains: [] }), 'domains')).toEqual({ domains: ['errors.certificate_domain_required'] });
  });

  it('R5.027 R8.012 an invalid top-level domain is refused, IDN domains are converted with punycode', () => {
    expect(normaliseCertificateDomain('shop.example.invalidtld')).toEqual({ error: 'errors.certificate_invalid_tld' });
    expect(normaliseCertificateDomain('localhost')).toEqual({ error: 'errors.certificate_domain_invalid' });
    expect(normaliseCertificateDomain('co.uk')).toEqual({ error: 'errors.certificate_invalid_tld' });
    expect(normaliseCertificateDomain('Müller-Bäckerei.DE')).toEqual({ domain: 'xn--mller-bckerei-hfb76a.de' });
    expect(normaliseCertificateDomain('*.example.com')).toEqual({ domain: 'example.com' });
    expect(certificateDraftErrors(draftOf({ domains: ['ok.de', 'bad.notatld'] }), 'domains')).toEqual({ 'domains.1': ['errors.certificate_invalid_tld'] });
    expect(certificateDraftErrors(draftOf({ domains: ['ok.de', 'OK.de'] }), 'domains')).toEqual({ 'domains.1': ['errors.certificate_domain_duplicate'] });
  });

  it('R3.041 single-domain types take one domain; term is 12 months by default, 24 allowed (R3.043 R9.016)', () => {
    expect(certificateDraftErrors(draftOf({ domains: ['a.de', 'b.de'] }), 'certificate')).toEqual({ certificateType: ['errors.certificate_single_domain'] });
    expect(certificateDraftErrors(draftOf({ domains: ['a.de', 'b.de'], certificateType: 'multi_domain_ssl', verifications: undefined }), 'certificate')).toEqual({});
    expect(certificateDraftErrors(draftOf({ termMonths: undefined }), 'certificate')).toEqual({});
    expect(certificateDraftErrors(draftOf({ termMonths: 7 }), 'certificate')).toEqual({ termMonths: ['validation.enum'] });
  });

  it('R8.024 R2.056 every domain needs a verification method; e-mail needs an approver address at the domain; wildcards cannot use http', () => {
    expect(certificateDraftErrors(draftOf({ verifications: [] }), 'organization')).toEqual({ 'verifications.0': ['errors.certificate_no_verification_method'] });
    expect(certificateDraftErrors(draftOf({ verifications: [{ domain: 'shop.example.de', method: 'email', approverEmail: 'info@example.de' }] }), 'organization')).toEqual({
      'verifications.0': ['errors.certificate_no_email_verification_method'],
    });
    expect(certificateDraftErrors(draftOf({ verifications: [{ domain: 'shop.example.de', method: 'email', approverEmail: 'webmaster@example.de' }] }), 'organization')).toEqual({});
    expect(certificateDraftErrors(draftOf({ domains: ['müller.de'], verifications: [{ domain: 'müller.de', method: 'email', approverEmail: 'Admin@Müller.de' }] }), 'organization')).toEqual({});
    expect(certificateDraftErrors(draftOf({ certificateType: 'wildcard_ssl', verifications: [{ domain: 'shop.example.de', method: 'http' }] }), 'organization')).toEqual({
      'verifications.0': ['errors.certificate_no_verification_method'],
    });
    expect(certificateDraftErrors(draftOf({ ownerId: undefined, administrator: {} }), 'organization')).toMatchObject({ ownerId: ['errors.certificate_owner_required'], 'administrator.email': ['validation.required'] });
  });

  it('R3.041 multi-domain price: base price includes a set number of domains, each further domain costs extra; paid once for the term with VAT 19 %', () => {
    const base = table.get('certificate.multi_domain_ssl')!.netCents;
    const extra = table.get('certificate.multi_domain_ssl.extra_domain')!.netCents;
    const within = certificateOrderPrice(table, { certificateType: 'multi_domain_ssl', termMonths: 12, domainCount: MULTI_INCLUDED_DOMAINS });
    expect(within.oneTime.netCents).toBe(base);
    const more = certificateOrderPrice(table, { certificateType: 'multi_domain_ssl', termMonths: 12, domainCount: MULTI_INCLUDED_DOMAINS + 2 });
    expect(more.oneTime.netCents).toBe(base + 2 * extra);
    expect(more.oneTime.vatCents).toBe(Math.round(((base + 2 * extra) * 19) / 100));
    expect(more.monthly.netCents).toBe(0);
    const twoYears = certificateOrderPrice(table, { certificateType: 'domain_ssl', termMonths: 24, domainCount: 1 });
    expect(twoYears.oneTime.netCents).toBe(2 * table.get('certificate.domain_ssl')!.netCents);
  });

  it('R3.043 R9.016 the server makes a 4096-bit key and a CSR naming the domains (parsed back)', async () => {
    const details: CertificateOrderDetails = {
      kind: 'certificate',
      certificateType: 'organization_wildcard_ssl',
      termMonths: 12,
      keyBits: CERTIFICATE_KEY_BITS,
      domains: ['xn--mller-kva.de'],
      owner: { id: 1, company: 'Müller GmbH', department: 'IT', duns: '123456789', street: 'Weg 1', zip: '10115', city: 'Berlin', federalState: 'Berlin', country: 'DE', email: 'a@b.de', phone: '+49 30 1' },
      administrator: { firstname: 'A', surname: 'B', email: 'a@b.de', phone: '1' },
      verifications: [{ domain: 'xn--mller-kva.de', method: 'dns' }],
      referenceSign: null,
    };
    const { privateKeyPem, csrPem } = await generateCertificateRequest(details);
    expect(privateKeyPem).toContain('BEGIN PRIVATE KEY');
    const csr = readCertificateRequest(csrPem);
    expect(csr.keyBits).toBe(4096);
    expect(csr.signatureValid).toBe(true);
    expect(csr.subject).toMatchObject({ commonName: '*.xn--mller-kva.de', organizationName: 'Müller GmbH', localityName: 'Berlin', countryName: 'DE' });
    // R3.044: the owner's federal state and department are part of the organization's subject.
    expect(csr.subject).toMatchObject({ stateOrProvinceName: 'Berlin', organizationalUnitName: 'IT' });
    expect(csr.altNames).toEqual(['*.xn--mller-kva.de', 'xn--mller-kva.de']);
  }, 30_000);

  const owner = { company: 'Müller GmbH', street: 'Weg 1', zip: '10115', city: 'Berlin', country: 'DE', email: 'ssl@mueller.example', phone: '+49 30 1234567' };

  it('R3.044 owner: department, DUNS and federal state are taken (optional), the DUNS has nine digits, the country is an ISO 3166 code', () => {
    expect(ownerErrors({ ...owner, department: 'IT', duns: '12-345-6789', federalState: 'Berlin' })).toEqual({});
    expect(ownerErrors({ ...owner, department: null, duns: null, federalState: null })).toEqual({});
    expect(ownerErrors({ ...owner, country: 'de' })).toEqual({});
    expect(ownerErrors({ ...owner, duns: '12345' })).toEqual({ duns: ['errors.certificate_duns_invalid'] });
    expect(ownerErrors({ ...owner, country: 'XX' })).toEqual({ country: ['validation.enum'] });
    expect(ownerErrors({ ...owner, country: 'Deutschland' })).toEqual({ country: ['validation.maxLength'] });
    expect(ownerErrors({ ...owner, department: 'x'.repeat(121), federalState: 'y'.repeat(81) })).toEqual({ department: ['validation.maxLength'], federalState: ['validation.maxLength'] });
  });

  it('R3.045 administrator: fax, job title and address are taken; a started address needs street, zip, city and an ISO country', () => {
    const admin = { firstname: 'Anna', surname: 'Admin', email: 'anna@example.de', phone: '+49 30 1234567' };
    expect(administratorErrors({ ...admin, fax: '+49 30 1234568', jobTitle: 'IT-Leiterin', address: { street: 'Weg 1', zip: '10115', city: 'Berlin', country: 'DE' } })).toEqual({});
    expect(administratorErrors(admin)).toEqual({});
    expect(administratorErrors({ ...admin, fax: 'fax me', address: { street: 'Weg 1', country: 'XX' } })).toEqual({
      'administrator.fax': ['validation.pattern'],
      'administrator.address.zip': ['validation.required'],
      'administrator.address.city': ['validation.required'],
      'administrator.address.country': ['validation.enum'],
    });
    expect(certificateDraftErrors(draftOf({ administrator: { ...admin, jobTitle: 'x'.repeat(81) } }), 'organization')).toEqual({ 'administrator.jobTitle': ['validation.maxLength'] });
  });

  it('R3.042 R3.047 the catalog lists the seven types with their yearly prices; multi-domain types a base price for the included domains plus a price per extra domain', () => {
    const catalog = certificateCatalogWithPrices(table);
    expect(catalog.types.map((t) => t.id)).toEqual(['domain_ssl', 'multi_domain_ssl', 'wildcard_ssl', 'organization_ssl', 'organization_wildcard_ssl', 'extended_ssl', 'multi_extended_ssl']);
    expect(certificateCatalog.types).toHaveLength(7);
    const byId = Object.fromEntries(catalog.types.map((t) => [t.id, t]));
    expect(byId.domain_ssl).toMatchObject({ includedDomains: 1, price: { yearlyCents: table.get('certificate.domain_ssl')!.netCents, extraDomainYearlyCents: null } });
    expect(byId.multi_domain_ssl).toMatchObject({
      includedDomains: MULTI_INCLUDED_DOMAINS,
      price: { yearlyCents: table.get('certificate.multi_domain_ssl')!.netCents, extraDomainYearlyCents: table.get('certificate.multi_domain_ssl.extra_domain')!.netCents },
    });
    // The price shown is the price charged: 5 domains for 12 months = base + 2 extra domains.
    const charged = certificateOrderPrice(table, { certificateType: 'multi_domain_ssl', termMonths: 12, domainCount: MULTI_INCLUDED_DOMAINS + 2 });
    expect(charged.oneTime.netCents).toBe(byId.multi_domain_ssl.price.yearlyCents + 2 * byId.multi_domain_ssl.price.extraDomainYearlyCents!);
  });
});
