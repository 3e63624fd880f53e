import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import '../../i18n';
import { loadTranslations } from '../../i18n';
import { LegacyInterfaceNotice, legacyInterfaceShutDown } from './LegacyInterfaceNotice';

describe('the legacy interface (§1, §9)', () => {
  beforeAll(() => loadTranslations(['orders']));
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('de');
  });

  it('R1.004 R9.024 the orders page says that orders are placed in the portal with the usual sign-in, and that the legacy interface was shut down on 27.01.2025', async () => {
    expect(legacyInterfaceShutDown).toBe('2025-01-27');
    render(<LegacyInterfaceNotice />);
    const de = screen.getByTestId('legacy-interface-notice').textContent;
    expect(de).toContain('am 27.01.2025 abgeschaltet');
    expect(de).toContain('mit Ihrer gewohnten Anmeldung');
    cleanup();
    await i18next.changeLanguage('en');
    render(<LegacyInterfaceNotice />);
    const en = screen.getByTestId('legacy-interface-notice').textContent;
    expect(en).toContain('shut down on 27/01/2025');
    expect(en).toContain('no separate sign-in there is needed');
    // Nothing links to the legacy interface any more.
    expect(screen.queryByRole('link')).toBeNull();
  });
});
