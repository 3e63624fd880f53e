import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { ClusterSummary } from '../../api/clusters';
import i18next from '../../i18n';
import { createStore } from '../../store';
import { ClusterTable } from './ClusterTable';

const cluster = (over: Partial<ClusterSummary>): ClusterSummary => ({
  id: 1,
  number: '20011',
  name: 'production',
  architecture: 'web_cluster',
  sla: 'business',
  contractMode: 'production',
  status: 'active',
  customer: { id: 1, number: 10001, company: 'Müller & Schmidt GmbH' },
  role: 'manager',
  serverCount: 2,
  description: null,
  favourite: false,
  administrator: true,
  forceTwoFactor: false,
  ...over,
});

const show = (clusters: ClusterSummary[]) =>
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <ClusterTable clusters={clusters} />
      </MemoryRouter>
    </Provider>,
  );

describe('cluster table', () => {
  it.each(['de', 'en'] as const)(
    'R6.004 (%s) offers the Managed Center only on clusters the user administrates; a manager who does not is told why (issue 31, finding 5)',
    async (lang) => {
      await i18next.changeLanguage(lang);
      const view = show([cluster({ id: 1, number: '20011', administrator: true }), cluster({ id: 2, number: '20012', administrator: false })]);
      const [admin, manager] = ['20011', '20012'].map((n) => document.querySelector<HTMLElement>(`tr[data-cluster="${n}"]`)!);
      expect(within(admin).getByRole('button', { name: /Managed Center/ })).toBeTruthy();
      expect(within(manager).queryByRole('button', { name: /Managed Center/ })).toBeNull();
      expect(within(manager).getByText(lang === 'de' ? 'Nur für Administratoren des Clusters' : 'Only for administrators of the cluster')).toBeTruthy();
      expect(screen.getAllByTestId('managed-not-administrator')).toHaveLength(1);
      view.unmount();
      await i18next.changeLanguage('de');
    },
  );

  it('R2.082 R6.003 R6.004 the role column names both roles of a manager who also administrates the cluster (issue 31, finding 13i)', async () => {
    await i18next.changeLanguage('de');
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <ClusterTable
            clusters={[cluster({ id: 1, number: '20011', role: 'manager', administrator: true }), cluster({ id: 2, number: '20012', role: 'manager', administrator: false }), cluster({ id: 3, number: '20013', role: 'administrator', administrator: true })]}
            hidden={['favourite', 'twoFactor', 'documents', 'managed']}
          />
        </MemoryRouter>
      </Provider>,
    );
    const [head, ...rows] = screen.getAllByRole('row');
    const column = [...head.querySelectorAll('th')].findIndex((th) => th.getAttribute('data-column') === 'role');
    const roles = rows.map((r) => r.querySelectorAll('td')[column]?.textContent);
    expect(roles).toEqual(['Manager und Administrator', 'Manager', 'Administrator']);
  });
});
