import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import MaintenancePage from '../pages/MaintenancePage';
import NotAllowedPage from '../pages/NotAllowedPage';
import NotFoundPage from '../pages/NotFoundPage';
import i18next from '../i18n';
import { createStore } from '../store';
import { BrowserSupportModal } from './BrowserSupportModal';
import { ChunkLoadFailure, ChunkLoadWarning, ChunkLoadWarningShown } from './ChunkLoadWarning';

const wrap = (ui: React.ReactNode) => render(<Provider store={createStore()}>{ui}</Provider>);

describe('global fallbacks', () => {
  beforeEach(() => sessionStorage.clear());

  it('R8.001 the chunk load warning says so in both languages', async () => {
    await i18next.changeLanguage('en');
    wrap(<ChunkLoadWarning open />);
    expect(screen.getByText('There have been changes to the application. Please reload the page to continue.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await i18next.changeLanguage('de');
  });

  it('R8.001 chunks that fail inside the shell show one reload dialog, not one per failure', async () => {
    // The shell's dialog (store flag) and a route's error boundary below it, with a chunk fetched at idle failing too.
    wrap(
      <>
        <ChunkLoadWarning />
        <ChunkLoadWarningShown value>
          <ChunkLoadFailure />
          <ChunkLoadFailure />
        </ChunkLoadWarningShown>
      </>,
    );
    expect(await screen.findAllByRole('alertdialog')).toHaveLength(1);
  });

  it('R8.001 a chunk that fails outside the shell (the shell itself) still asks for a reload', () => {
    wrap(<ChunkLoadFailure />);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it('R8.002 the not-allowed page shows the message it was sent with, else its own text; the not-found and maintenance pages say what happened', async () => {
    await i18next.changeLanguage('en');
    const withMessage = wrap(
      <MemoryRouter initialEntries={[{ pathname: '/not-allowed', state: { message: 'Only administrators of this cluster can use the Managed Center.' } }]}>
        <NotAllowedPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Permission denied' })).toBeTruthy();
    expect(screen.getByText('Only administrators of this cluster can use the Managed Center.')).toBeTruthy();
    expect(screen.queryByText('You are not allowed to see this page.')).toBeNull();
    withMessage.unmount();
    const without = wrap(
      <MemoryRouter initialEntries={['/not-allowed']}>
        <NotAllowedPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('You are not allowed to see this page.')).toBeTruthy();
    without.unmount();
    const notFound = wrap(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
    notFound.unmount();
    wrap(<MaintenancePage />);
    expect(screen.getByRole('heading', { name: 'Maintenance' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await i18next.changeLanguage('de');
  });

  it('R2.035 R9.001 the browser-support modal lists the minimum versions for an outdated browser', () => {
    wrap(<BrowserSupportModal userAgent="Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0" />);
    const dialog = screen.getByRole('dialog', { name: 'Ihr Browser ist veraltet' });
    for (const v of ['Chrome 120', 'Firefox 121', 'Edge 121', 'Opera 100', 'Safari 17']) expect(dialog.textContent).toContain(v);
    expect(dialog.textContent).toContain('Internet Explorer wird nicht unterstützt.');
  });

  it('R2.035 a current browser sees no modal', () => {
    wrap(<BrowserSupportModal userAgent="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Chrome 110', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Safari/537.36'],
    ['Firefox 115', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0'],
    ['Safari 16.6', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15'],
  ])('R2.035 R9.001 %s gets the modal; "Continue anyway" closes it for this browser session (issue 31, finding 2)', async (_name, userAgent) => {
    const first = wrap(<BrowserSupportModal userAgent={userAgent} />);
    const dialog = screen.getByRole('dialog', { name: 'Ihr Browser ist veraltet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trotzdem fortfahren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();
    wrap(<BrowserSupportModal userAgent={userAgent} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
