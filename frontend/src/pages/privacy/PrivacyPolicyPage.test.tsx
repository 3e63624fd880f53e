import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import '../../i18n';
import PrivacyPolicyPage from './PrivacyPolicyPage';

const show = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PrivacyPolicyPage />
    </MemoryRouter>,
  );

describe('privacy policy versions (§1)', () => {
  beforeEach(async () => {
    await i18next.loadNamespaces('privacy');
    await i18next.changeLanguage('de');
  });

  it('R1.005 R2.008 the current version is dated August 2025 and links the June 2025 version, which the page shows with its date', async () => {
    show('/data-protection');
    expect(screen.getByTestId('privacy-updated').textContent).toBe('Stand: August 2025');
    const versions = screen.getByRole('navigation', { name: 'Fassungen' });
    expect(versions.querySelector('[aria-current="page"]')?.textContent).toBe('Aktuelle Fassung: August 2025');
    fireEvent.click(screen.getByRole('link', { name: 'Frühere Fassung: Juni 2025' }));
    expect(await screen.findByText('Stand: Juni 2025 (frühere Fassung)')).toBeTruthy();
    expect(screen.getByRole('region', { name: '22. Aktualität und Änderungen' }).textContent).toContain('Diese Datenschutzerklärung hat den Stand Juni 2025.');
    expect(screen.getByRole('alert').textContent).toContain('durch die Fassung vom August 2025 ersetzt');
  });

  it('R1.005 the June 2025 version is reachable by its address, in English too', async () => {
    await i18next.changeLanguage('en');
    show('/data-protection?version=2025-06');
    expect(screen.getByTestId('privacy-updated').textContent).toBe('Last updated: June 2025 (previous version)');
    expect(screen.getByRole('link', { name: 'Previous version: June 2025' }).getAttribute('aria-current')).toBe('page');
  });
});
