import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import '../../../i18n';
import type { ClusterSummary } from '../../../api/clusters';
import { createStore } from '../../../store';
import { TwoFactorRequirementSwitch } from './TwoFactorRequirementSwitch';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const cluster = (forceTwoFactor: boolean): ClusterSummary => ({
  id: 1,
  number: '20011',
  name: 'Shop',
  description: null,
  favourite: false,
  architecture: 'web_cluster',
  sla: 'business',
  contractMode: 'production',
  status: 'active',
  customer: { id: 1, number: 10001, company: 'Müller & Schmidt Online GmbH' },
  role: 'administrator',
  serverCount: 2,
  administrator: true,
  forceTwoFactor,
});

describe('2FA requirement switch of a cluster (§2 customer overview)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  beforeEach(() => i18next.changeLanguage('de'));

  function setup(forceTwoFactor: boolean, answer: Response) {
    globalThis.fetch = jest.fn(async () => answer) as typeof fetch;
    const store = createStore();
    render(
      <Provider store={store}>
        <TwoFactorRequirementSwitch cluster={cluster(forceTwoFactor)} />
      </Provider>,
    );
    return store;
  }

  it('R4.024 R5.041 switching the requirement on gives a notice with the number of users informed, as switching it off does', async () => {
    const store = setup(false, json(200, { forceTwoFactor: true, notified: 2 }));
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(store.getState().ui.alerts).toHaveLength(1));
    expect(store.getState().ui.alerts.map((a) => [a.type, a.message])).toEqual([
      ['success', 'Für den Cluster Shop (20011) ist die Zwei-Faktor-Authentifizierung jetzt Pflicht. 2 Nutzer ohne Zwei-Faktor-Authentifizierung wurden per E-Mail informiert.'],
    ]);
  });

  it('R4.025 switching it off gives its notice', async () => {
    const store = setup(true, json(200, { forceTwoFactor: false, notified: 0 }));
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(store.getState().ui.alerts).toHaveLength(1));
    expect(store.getState().ui.alerts[0].message).toBe('Für den Cluster Shop (20011) ist die Zwei-Faktor-Authentifizierung nicht mehr Pflicht.');
  });
});
