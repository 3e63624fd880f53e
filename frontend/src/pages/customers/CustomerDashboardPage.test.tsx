import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../i18n';
import { createStore } from '../../store';
import CustomerDashboardPage from './CustomerDashboardPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const listed = { id: 1, number: 10001, company: 'Müller & Schmidt Online GmbH', city: 'Berlin', clusterCount: 2, dpaStatus: 'concluded' };

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('customer dashboard (§2 /customers/{customerId}/edit)', () => {
  const realFetch = globalThis.fetch;
  let urls: string[];
  beforeEach(async () => {
    await i18next.changeLanguage('de');
    urls = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      urls.push(new URL(url, 'http://localhost/').pathname);
      if (url.endsWith('/api/v1/customers')) return json(200, { data: [listed] });
      // The chosen customer's own data stays loading: this test is about which customer is asked for.
      return new Promise<Response>(() => undefined);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const show = (path: string) =>
    render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/customers/:customerId/edit" element={<><CustomerDashboardPage /><Where /></>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );

  it('R2.083 R6.003 a customer that is not in the user\'s list is not fetched (no 404) and the page does not claim there are no customers', async () => {
    show('/customers/99/edit');
    expect((await screen.findByRole('alert')).textContent).toBe('Diesen Kunden gibt es nicht, oder Sie verwalten ihn nicht. Wählen Sie oben einen Ihrer Kunden.');
    expect(screen.getByTestId('customer-10001')).toBeTruthy();
    expect(screen.queryByText(/Es sind keine Kunden verfügbar/)).toBeNull();
    expect(urls).toEqual(['/api/v1/customers']);
  });

  it('R2.083 the customer number in the address opens that customer', async () => {
    show('/customers/10001/edit');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/customers/1/edit'));
    await waitFor(() => expect(urls).toContain('/api/v1/customers/1'));
    expect(urls).not.toContain('/api/v1/customers/10001');
  });
});
