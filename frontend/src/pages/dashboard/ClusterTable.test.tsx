import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import '../../i18n';
import type { ClusterSummary } from '../../api/clusters';
import { createStore } from '../../store';
import { ClusterTable } from './ClusterTable';

const cluster = (id: number, role: ClusterSummary['role'], administrator: boolean): ClusterSummary => ({
  id,
  number: String(20010 + id),
  name: `cluster-${id}`,
  description: null,
  favourite: false,
  architecture: 'web_cluster',
  sla: 'business',
  contractMode: 'production',
  status: 'active',
  customer: { id: 1, number: 10001, company: 'Müller & Schmidt Online GmbH' },
  role,
  serverCount: 2,
  administrator,
  forceTwoFactor: false,
});

describe('cluster table (§2 dashboard)', () => {
  beforeEach(() => i18next.changeLanguage('de'));

  it('R2.082 R6.003 R6.004 the role column names both roles of a manager who also administrates the cluster', () => {
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <ClusterTable clusters={[cluster(1, 'manager', true), cluster(2, 'manager', false), cluster(3, 'administrator', true)]} hidden={['favourite', 'twoFactor', 'documents', 'managed']} />
        </MemoryRouter>
      </Provider>,
    );
    const [head, ...rows] = screen.getAllByRole('row');
    const column = [...head.querySelectorAll('th')].findIndex((th) => th.getAttribute('data-column') === 'role');
    const roles = rows.map((r) => r.querySelectorAll('td')[column]?.textContent);
    expect(roles).toEqual(['Manager und Administrator', 'Manager', 'Administrator']);
  });
});
