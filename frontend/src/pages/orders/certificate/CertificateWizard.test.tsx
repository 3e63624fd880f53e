import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { Provider } from 'react-redux';
import '../../../i18n';
import { createStore } from '../../../store';
import { PriceSummary } from '../PriceSummary';
import type { CertificateOrderCatalog, CertificateOrderDraft } from './certificateApi';
import { CertificateStep, OrganizationStep, OwnerDialog } from './CertificateOrderWizard';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const eur = (amount: string) => ({ amount, currency: 'EUR' as const });
/** Text with the non-breaking spaces of number formats as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const catalog: CertificateOrderCatalog = {
  types: [
    { id: 'domain_ssl', multiDomain: false, wildcard: false, includedDomains: 1, price: { yearly: eur('49.00'), extraDomainYearly: null } },
    { id: 'multi_domain_ssl', multiDomain: true, wildcard: false, includedDomains: 3, price: { yearly: eur('149.00'), extraDomainYearly: eur('39.00') } },
  ],
  terms: [12, 24],
  defaultTermMonths: 12,
  keyBits: 4096,
  verificationMethods: ['email', 'dns', 'http'],
  approverMailboxes: ['admin', 'webmaster'],
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => i18next.changeLanguage('de'));

function mockFetch(answer: (req: Request) => Response | Promise<Response>) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost/'), init);
    const text = req.method === 'GET' ? '' : await req.clone().text();
    requests.push({ method: req.method, url: req.url, body: text ? JSON.parse(text) : undefined });
    return answer(req);
  }) as typeof fetch;
  return requests;
}

function inForm(children: ReactNode, initialValues: Partial<CertificateOrderDraft> = {}) {
  return render(
    <Provider store={createStore()}>
      <Form onSubmit={() => undefined} initialValues={initialValues}>
        {() => <form>{children}</form>}
      </Form>
    </Provider>,
  );
}

describe('certificate order wizard screens (§2, §3)', () => {
  it('R3.042 R3.047 the type step shows each type\'s yearly price; the multi-domain type its base price for the included domains and the price per extra domain', () => {
    inForm(<CertificateStep catalog={catalog} />);
    expect(plain(screen.getByTestId('certificate-price-domain_ssl').textContent)).toBe('49,00 € pro Jahr');
    expect(plain(screen.getByTestId('certificate-price-multi_domain_ssl').textContent)).toBe('149,00 € pro Jahr für bis zu 3 Domains, jede weitere Domain 39,00 € pro Jahr');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('R3.047 a certificate\'s price line says it is paid once for the term, not "per year … (one-time)"', () => {
    render(
      <PriceSummary
        price={{
          lines: [{ code: 'certificate.domain_ssl', quantity: 2, unitPrice: eur('49.00'), net: eur('98.00'), period: 'once' }],
          monthly: { net: eur('0.00'), vat: eur('0.00'), gross: eur('0.00') },
          oneTime: { net: eur('98.00'), vat: eur('18.62'), gross: eur('116.62') },
        }}
      />,
    );
    const row = plain(screen.getByRole('row').textContent);
    expect(row).toBe('DomainSSL für die Laufzeit (Jahrespreis × Jahre) × 298,00 € (Einmalig)');
    expect(row).not.toMatch(/pro Jahr/);
  });

  it('R3.044 the owner dialog asks for department, DUNS and federal state and offers the country as the ISO country select', async () => {
    const requests = mockFetch(async (req) => json(201, { id: 7, ...((await req.clone().json()) as object) }));
    const saved = jest.fn();
    render(
      <Provider store={createStore()}>
        <OwnerDialog customerId={1} owner={null} onSaved={saved} onClose={() => undefined} />
      </Provider>,
    );
    const dialog = screen.getByRole('dialog');
    const fill = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
    fill(/^Firma/, 'Bäckerei Sonnenschein GmbH');
    fill(/^Abteilung/, 'IT');
    fill(/^D-U-N-S-Nummer/, '31-516-5789');
    fill(/^Straße/, 'Sonnenweg 3');
    fill(/^PLZ/, '1010');
    fill(/^Ort/, 'Wien');
    fill(/^Bundesland/, 'Wien');
    fill(/^E-Mail-Adresse/, 'ssl@sonnenschein.example');
    fill(/^Telefon/, '+43 1 2345678');
    expect(within(dialog).queryByRole('textbox', { name: /^Land/ })).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Land/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Österreich' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { company: 'Bäckerei Sonnenschein GmbH', department: 'IT', duns: '31-516-5789', zip: '1010', city: 'Wien', federalState: 'Wien', country: 'AT' },
    });
  });

  it('R3.045 the administrator has fax, job title and an address', async () => {
    mockFetch(() => json(200, { data: [] }));
    inForm(<OrganizationStep catalog={catalog} draft={{ customerId: 1, domains: ['shop.example.de'], certificateType: 'domain_ssl' }} />);
    for (const label of [/^Vorname/, /^Nachname/, /^Position/, /^E-Mail-Adresse/, /^Telefon/, /^Fax/, /^Straße und Hausnummer/, /^PLZ/, /^Ort/])
      expect(screen.getByRole('textbox', { name: label })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Anschrift (optional)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Land/ })).toBeTruthy();
  });

  it('R8.023 when the owners cannot be loaded the step says "Certificate owners could not be fetched."', async () => {
    mockFetch(() => json(500, { error: { code: 'internal', message: 'errors.internal' }, requestId: 'r' }));
    inForm(<OrganizationStep catalog={catalog} draft={{ customerId: 1, domains: ['shop.example.de'], certificateType: 'domain_ssl' }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Die Zertifikatsinhaber konnten nicht abgerufen werden.');
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('alert').textContent).toBe('The certificate owners could not be fetched.');
  });
});
