import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import '../../../i18n';
import { createStore } from '../../../store';
import NotificationsPage from './NotificationsPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('technical notifications switch', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function setup(onChange: (method: string) => Response) {
    const calls: string[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      calls.push(req.method);
      return req.method === 'GET' ? json(200, { subscribed: true }) : onChange(req.method);
    }) as typeof fetch;
    const store = createStore();
    render(
      <Provider store={store}>
        <NotificationsPage />
      </Provider>,
    );
    return { calls, store };
  }

  beforeEach(() => i18next.changeLanguage('de'));

  it('R4.037 R4.038 R2.081 fetches the state on load and unsubscribes when switched off', async () => {
    const { calls, store } = setup(() => json(200, { subscribed: false }));
    const sw = await screen.findByRole('switch');
    expect((sw as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Aktiviert')).toBeTruthy();
    fireEvent.click(sw);
    await waitFor(() => expect(screen.getByText('Deaktiviert')).toBeTruthy());
    expect(calls).toEqual(['GET', 'DELETE']);
    expect(store.getState().ui.alerts.map((a) => [a.type, a.message])).toEqual([['success', 'Technische Benachrichtigungen wurden erfolgreich deaktiviert.']]);
  });

  it('R4.039 R8.032 a failed call restores the switch and shows a danger alert with support phone, e-mail and mailto link', async () => {
    setup(() => json(500, { error: { code: 'internal', message: 'errors.internal' }, requestId: 'r' }));
    const sw = await screen.findByRole('switch');
    fireEvent.click(sw);
    const alert = await screen.findByRole('alert');
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    expect(alert.textContent).toContain('+49 30 1234567-0');
    expect(alert.querySelector('a[href="mailto:support@example.com"]')?.textContent).toBe('support@example.com');
    expect(alert.querySelector('a[href^="tel:"]')).toBeTruthy();
  });

  it('R8.032 R8.027 on 401 the switch is restored without an alert', async () => {
    setup(() => json(401, { error: { code: 'unauthenticated', message: 'errors.unauthenticated' }, requestId: 'r' }));
    const sw = await screen.findByRole('switch');
    fireEvent.click(sw);
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
