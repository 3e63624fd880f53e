import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import '../i18n';
import { sessionApi } from '../api/session';
import { signedIn } from '../auth/authSlice';
import { createStore } from '../store';
import { consentKey } from './analytics';
import { Monitoring, resetClientConfig } from './Monitoring';

/** Issue 31, §7 R7.019: usage analytics is off unless configured, asks for consent first and sends the user id only. */
const realFetch = globalThis.fetch;
let posted: { url: string; body: string }[];
function serve(config: object) {
  posted = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/v1/client-config')) return new Response(JSON.stringify(config), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/api/v1/me')) return new Response(JSON.stringify({ id: 42, email: 'lena.wolf@mueller-schmidt.example', firstname: 'Lena' }), { status: 200, headers: { 'content-type': 'application/json' } });
    posted.push({ url, body: String(init?.body ?? '') });
    return new Response('ok', { status: 202 });
  }) as typeof fetch;
}

async function mount(path = '/dashboard') {
  const store = createStore();
  store.dispatch(signedIn());
  await store.dispatch(sessionApi.endpoints.getMe.initiate());
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Monitoring />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(async () => {
  localStorage.clear();
  resetClientConfig();
  await i18next.changeLanguage('de');
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('usage analytics', () => {
  it('R7.019 without ANALYTICS_URL there is no banner and nothing is sent', async () => {
    serve({});
    await mount();
    await new Promise((r) => setTimeout(r, 400));
    expect(document.querySelector('[data-consent-banner]')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('R7.019 with ANALYTICS_URL the banner asks first (German and English); declining sends nothing and is remembered', async () => {
    serve({ analytics: { url: 'https://analytics.example.com/api/event' } });
    await mount();
    const banner = await screen.findByRole('region', { name: 'Datenschutz-Einstellungen' });
    expect(banner.hasAttribute('data-consent-banner')).toBe(true);
    expect(posted).toEqual([]);
    await act(async () => i18next.changeLanguage('en'));
    expect(screen.getByRole('region', { name: 'Privacy settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(document.querySelector('[data-consent-banner]')).toBeNull();
    expect(JSON.parse(localStorage.getItem(consentKey)!).value).toBe('declined');
    await new Promise((r) => setTimeout(r, 100));
    expect(posted).toEqual([]);
  });

  it('R7.019 after consent a page view goes to the configured URL with the user id and no e-mail; tokens in the path are masked', async () => {
    serve({ analytics: { url: 'https://analytics.example.com/api/event' } });
    await mount('/invitation/abcdefghijklmnopqrstuvwxyz0123/lena.wolf@mueller-schmidt.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Akzeptieren' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('https://analytics.example.com/api/event');
    const body = JSON.parse(posted[0].body);
    expect(body).toEqual({ name: 'pageview', url: `${window.location.origin}/invitation/:masked/:masked`, domain: window.location.hostname, props: { userId: '42' } });
    expect(posted[0].body).not.toContain('lena');
    // Remembered: the next page load asks no more and counts at once.
    resetClientConfig();
    await mount('/dashboard');
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(document.querySelectorAll('[data-consent-banner]')).toHaveLength(0);
  });
});
