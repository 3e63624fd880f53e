import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'react-redux';
import '../i18n';
import type { Profile } from '../api/profile';
import { ContactDataForm } from '../pages/profile/personal/ContactDataForm';
import { createStore } from '../store';
import { reportError, resetErrorReporting, setReportingUser, startErrorReporting } from './errorReporting';

/**
 * Issue 31: the web app's error reporting with the real SDK (@sentry/react) and its fetch transport, sending to a
 * local receiver of the Sentry protocol (`/api/<project>/envelope/`).
 */
const received: string[] = [];
let receiver: http.Server;
let dsn: string;
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && /^\/api\/9\/envelope\//.test(req.url ?? '')) received.push(body);
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dsn = `http://webkey@127.0.0.1:${(receiver.address() as AddressInfo).port}/9`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  resetErrorReporting();
});

/** The error events received: the item after each `{"type":"event"}` line. */
type ReceivedEvent = { exception: { values: { type: string; value: string }[] }; user?: unknown; release: string; environment: string; tags: Record<string, string>; request?: unknown };
function events(): ReceivedEvent[] {
  return received.flatMap((body) => {
    const lines = body.split('\n');
    return lines.flatMap((line, i) => (i > 0 && JSON.parse(lines[i - 1] || '{}').type === 'event' ? [JSON.parse(line) as ReceivedEvent] : []));
  });
}
const config = () => ({ dsn, release: 'portal@2026.11.1', environment: 'production' });

describe('error reporting of the web app', () => {
  it('R8.034 failed calls of 422, 404, 403 and 401 are never reported; others arrive with the user id, release and environment, without e-mail or token', async () => {
    await startErrorReporting(config());
    setReportingUser(7);
    for (const status of [422, 404, 403, 401]) reportError(new Error(`request failed with ${status}`), { status, tags: { endpoint: 'updateProfile' } });
    reportError(new Error('request failed with 500 for erika@example.com, Bearer pat_0123456789'), { status: 500, tags: { endpoint: 'updateProfile' } });
    await waitFor(() => expect(events()).toHaveLength(1));
    const [event] = events();
    expect(event.tags).toMatchObject({ status: '500', endpoint: 'updateProfile' });
    expect(event.user).toEqual({ id: '7' });
    expect(event.release).toBe('portal@2026.11.1');
    expect(event.environment).toBe('production');
    expect(event.request).toBeUndefined();
    const raw = received.join('\n');
    for (const leaked of ['erika@example.com', 'pat_0123456789', 'request failed with 4']) expect(raw).not.toContain(leaked);
  });

  it('R7.019 without a DSN the SDK is not loaded and nothing is sent; with one, errors from before the configuration arrive', async () => {
    const load = jest.fn(() => import('./sentryReporter'));
    reportError(new Error('early'));
    await startErrorReporting(undefined, load);
    reportError(new Error('later'));
    expect(load).not.toHaveBeenCalled();

    resetErrorReporting();
    reportError(new Error('before the configuration'));
    await startErrorReporting(config(), load);
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(events().map((e) => e.exception.values[0].value)).toEqual(['before the configuration']));
  });

  it('R8.033 a failed merge of the user update shows the generic error and is reported', async () => {
    await startErrorReporting(config());
    setReportingUser(7);
    await i18next.changeLanguage('de');
    const profile = { id: 7, email: 'erika@example.com', gender: 'female', firstname: 'Erika', surname: 'Probe', company: null, department: null, street: null, postcode: null, city: null, country: 'de', telephone: null, mobile: null, language: 'de', emailVerified: true } as unknown as Profile;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/v1/profile')) return new Response(JSON.stringify({ ...profile, firstname: 'Erika Maria', language: 'en' }), { status: 200, headers: { 'content-type': 'application/json' } });
      return realFetch(input, init);
    }) as typeof fetch;
    // The merge fails where the saved language cannot be switched to (its translations fail to load). A browser that
    // refuses storage no longer fails it: the language then travels in the cookie alone.
    const changeLanguage = jest.spyOn(i18next, 'changeLanguage').mockRejectedValue(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const store = createStore();
    try {
      render(
        <Provider store={store}>
          <ContactDataForm profile={profile} />
        </Provider>,
      );
      fireEvent.change(screen.getByLabelText(/Vorname/), { target: { value: 'Erika Maria' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /speichern/i })));
      await waitFor(() => expect(store.getState().ui.alerts.map((a) => a.message)).toContain(i18next.t('errors:internal')));
      expect(store.getState().ui.alerts.find((a) => a.message === i18next.t('errors:internal'))?.type).toBe('danger');
      await waitFor(() => expect(events()).toHaveLength(1));
      const [event] = events();
      expect(event.exception.values[0].type).toBe('ChunkLoadError');
      expect(event.tags).toMatchObject({ context: 'profile.update.merge' });
      expect(event.user).toEqual({ id: '7' });
      expect(received.join('\n')).not.toContain('erika@example.com');
    } finally {
      globalThis.fetch = realFetch;
      changeLanguage.mockRestore();
      error.mockRestore();
    }
  });
});
