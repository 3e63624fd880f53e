import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from '../i18n';
import NotAllowedPage from '../pages/NotAllowedPage';
import { BetaSectionGate } from './BetaSectionGate';
import type { ManagedServerView } from './api';

const section = (id: string, status: ManagedServerView['sections'][number]['status']): ManagedServerView['sections'][number] => ({
  id,
  titleKey: 'title',
  icon: 'Science',
  order: 70,
  stage: 'beta',
  status,
});

function open(view: Pick<ManagedServerView, 'sections'>) {
  return render(
    <MemoryRouter initialEntries={['/clusters/1/servers/2/managed/lab']}>
      <Routes>
        <Route
          path="/clusters/:clusterId/servers/:serverId/managed/:section"
          element={
            <BetaSectionGate view={view} section="lab">
              <p>The lab module</p>
            </BetaSectionGate>
          }
        />
        <Route path="/not-allowed" element={<NotAllowedPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Managed Center modules in the beta phase', () => {
  it("R8.004 a beta module's route sends a customer not registered for the beta phase to the not-allowed page with the message, in both languages", async () => {
    const notRegistered = { sections: [section('lab', 'beta_not_registered')] };
    // A registered customer sees the module.
    const registered = open({ sections: [section('lab', 'ok')] });
    expect(screen.getByText('The lab module')).toBeTruthy();
    registered.unmount();
    const de = open(notRegistered);
    expect(screen.getByText('Sie sind nicht für die Beta-Phase registriert.')).toBeTruthy();
    expect(screen.queryByText('The lab module')).toBeNull();
    de.unmount();
    await i18next.changeLanguage('en');
    try {
      const en = open(notRegistered);
      expect(screen.getByRole('heading', { name: 'Permission denied' })).toBeTruthy();
      expect(screen.getByText('You are not registered for the beta phase.')).toBeTruthy();
      en.unmount();
    } finally {
      await i18next.changeLanguage('de');
    }
  });
});
