import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import i18next from '../i18n';
import { createStore } from '../store';
import type { ManagedConnection } from './connectionApi';
import { ConnectionSection } from './ConnectionSection';

const unconfirmed: ManagedConnection = {
  gateway: 'ssh',
  override: 'ssh',
  host: 'web01.c20011.example',
  port: 22,
  username: 'portal',
  publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBwvOfw3eTLv2vW4Cq7CnRvk3F9n8GmxxSz5GfCvSq1C portal-managed-server-2',
  hostKey: { fingerprint: 'SHA256:Nv8za401X4p50L0nPrW4rGukg24LyFx/EA3njFbgp3Q', confirmed: false },
  lastContactAt: null,
  lastError: 'host_key_unknown',
  state: 'unconfirmed',
  sudoers: 'portal ALL=(root) NOPASSWD: PORTAL_MANAGED\n',
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function mockFetch(answer: (req: Request) => unknown) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost/'), init);
    const text = req.method === 'GET' ? '' : await req.clone().text();
    requests.push({ method: req.method, url: req.url, body: text ? JSON.parse(text) : undefined });
    return new Response(JSON.stringify(answer(req)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return requests;
}

describe('the connection page of a server (issue 28)', () => {
  it('issue 28 shows state, fingerprint, public key and sudoers; confirming sends the fingerprint shown; the test shows the outcome (de and en)', async () => {
    let confirmed = false;
    const requests = mockFetch((req) => {
      if (req.url.endsWith('/managed/connection/host-key')) {
        confirmed = true;
        return { ...unconfirmed, hostKey: { ...unconfirmed.hostKey!, confirmed: true }, lastError: null, state: 'ready' };
      }
      if (req.url.endsWith('/managed/connection/test')) return { ok: true, durationMs: 42, connection: { ...unconfirmed, hostKey: { ...unconfirmed.hostKey!, confirmed }, state: 'ready', lastError: null, lastContactAt: '2026-11-28T12:00:00Z' } };
      return unconfirmed;
    });
    await i18next.changeLanguage('de');
    const view = render(
      <Provider store={createStore()}>
        <ConnectionSection clusterId={1} serverId={2} />
      </Provider>,
    );
    expect(await screen.findByTestId('connection-fingerprint')).toHaveProperty('textContent', unconfirmed.hostKey!.fingerprint);
    expect(screen.getByTestId('connection-state-chip').textContent).toBe('Host-Schlüssel bestätigen');
    expect(screen.getByTestId('connection-public-key').textContent).toBe(unconfirmed.publicKey);
    expect(screen.getByTestId('connection-sudoers-text').textContent).toContain('NOPASSWD: PORTAL_MANAGED');
    expect(screen.getByTestId('connection-last-contact').textContent).toBe('noch nie');

    fireEvent.click(screen.getByTestId('connection-confirm'));
    await waitFor(() => expect(screen.getByTestId('connection-state-chip').textContent).toBe('Bereit'));
    expect(requests.find((r) => r.url.endsWith('/host-key'))?.body).toEqual({ fingerprint: unconfirmed.hostKey!.fingerprint });

    await i18next.changeLanguage('en');
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      expect((await screen.findByTestId('connection-test-result')).textContent).toBe('Connected (42 ms).');
    } finally {
      view.unmount();
      await i18next.changeLanguage('de');
    }
  });
});
