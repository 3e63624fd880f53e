import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from './App';
import { pageLoad } from './auth/loginHandOff';
import './i18n';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const me = (id: number) => ({
  id,
  email: 'x@demo.example',
  firstname: 'X',
  surname: 'Y',
  language: 'de',
  forcedMode: false,
  darkMode: false,
  container: 'fluid',
  isPartner: false,
  emailVerified: true,
  twoFactorEnabled: false,
  twoFactorConfirmed: false,
});

describe('the app on load', () => {
  const realFetch = globalThis.fetch;
  const realGo = pageLoad.go;
  let loads: string[] = [];
  beforeEach(() => {
    loads = [];
    pageLoad.leaving = false;
    // jsdom cannot load a page: the full page load to the lean sign-in entry (issue 14) is recorded instead.
    pageLoad.go = (url, replace) => void loads.push(`${replace ? 'replace' : 'assign'} ${url}`);
  });
  afterEach(() => {
    pageLoad.go = realGo;
    sessionStorage.clear();
    globalThis.fetch = realFetch;
    document.cookie = 'portal_logged_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  const start = (responses: (req: Request) => Response) => {
    const calls: string[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return responses(req);
    }) as typeof fetch;
    window.history.pushState({}, '', '/a/');
    render(<App />);
    return calls;
  };

  it('R4.004 a user with id 0 is logged out on load', async () => {
    document.cookie = 'portal_logged_in=1; path=/';
    const calls = start((req) => (req.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, me(0))));
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/session'), { timeout: 5000 });
    await waitFor(() => expect(loads).toEqual(['replace /a/login']), { timeout: 5000 });
  });

  it('R2.035 the maintenance page shows when the API reports maintenance', async () => {
    document.cookie = 'portal_logged_in=1; path=/';
    start(() => json(503, { error: { code: 'maintenance', message: 'errors.maintenance' }, requestId: 'r' }));
    expect(await screen.findByRole('heading', { name: 'Wartungsarbeiten' })).toBeTruthy();
  });

  it('R2.035 in maintenance a guest sees the maintenance page on load, not the login form (issue 15)', async () => {
    const calls = start((req) =>
      new URL(req.url).pathname === '/api/ready' ? json(503, { error: { code: 'maintenance', message: 'errors.maintenance' }, requestId: 'r' }) : json(500, {}),
    );
    expect(await screen.findByRole('heading', { name: 'Wartungsarbeiten' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Anmelden' })).toBeNull();
    expect(calls).toContain('GET /api/ready');
  });

  it('R5.001 without the login cookie the app asks nobody and loads the sign-in page, to come back afterwards', async () => {
    const calls = start(() => json(500, {}));
    await waitFor(() => expect(loads).toEqual(['replace /a/login']), { timeout: 5000 });
    expect(JSON.parse(sessionStorage.getItem('portal.login')!)).toEqual({ from: '/' });
    expect(calls.filter((c) => c.includes('/api/v1/me'))).toEqual([]);
  });
});
