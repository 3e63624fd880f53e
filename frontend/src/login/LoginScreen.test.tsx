import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Me } from './client';
import { loadNamespaces, startNamespaces, translator } from './i18n';
import { LoginScreen } from './LoginScreen';

/** The lean sign-in page (issue 14): the behaviour of the SPA's login form with plain fetch and its own form state. */
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const user = { id: 7, email: 'x@demo.example', language: 'de' } as unknown as Me;

describe('lean sign-in page', () => {
  const realFetch = globalThis.fetch;
  let answers: ((req: Request) => Response)[];
  let bodies: unknown[];
  beforeAll(() => loadNamespaces('de', [...startNamespaces, 'security']));
  beforeEach(() => {
    answers = [];
    bodies = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return answers.shift()!(new Request(String(input), init));
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const show = () => {
    const onSignedIn = jest.fn<(me: Me) => void>();
    render(
      <LoginScreen
        tr={translator('de')}
        onLanguage={() => undefined}
        maintenance={false}
        onRetryMaintenance={async () => undefined}
        onSignedIn={onSignedIn}
        onMaintenance={() => undefined}
        loadTwoFactorTexts={async () => undefined}
      />,
    );
    return onSignedIn;
  };
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getAllByLabelText(label)[0], { target: { value } });
  const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

  it('R5.001 empty fields are required; a wrong e-mail format is named; nothing is sent', async () => {
    show();
    expect(document.title).toBe('Anmelden – Kundenportal');
    submit('Anmelden');
    expect(await screen.findAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);
    expect(document.activeElement?.id).toBe('field-email');
    fill(/^E-Mail-Adresse/, 'no-address');
    submit('Anmelden');
    expect(await screen.findByText(/gültige E-Mail-Adresse/)).toBeTruthy();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('R5.001 R8.001 a server field error is announced (role alert); 429 names the wait and the support contact', async () => {
    show();
    fill(/^E-Mail-Adresse/, ' x@demo.example ');
    fill(/^Passwort/, 'wrong');
    answers.push(() => json(422, { error: { code: 'validation', message: 'errors.validation', fields: { password: ['errors.invalid_credentials'] } }, requestId: 'r' }));
    submit('Anmelden');
    expect((await screen.findByRole('alert')).textContent).toBe('Die E-Mail-Adresse oder das Passwort ist falsch.');
    expect(bodies[0]).toEqual({ email: 'x@demo.example', password: 'wrong' });
    answers.push(() => json(429, { error: { code: 'rate_limited', message: 'errors.too_many_attempts' }, requestId: 'r' }, { 'Retry-After': '60' }));
    submit('Anmelden');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/60 Sekunden.*support@example\.com/));
  });

  it('R4.028 the two-factor step: code format, an expired challenge returns to the password step with the notice, then success', async () => {
    const onSignedIn = show();
    fill(/^E-Mail-Adresse/, 'x@demo.example');
    fill(/^Passwort/, 'secret');
    answers.push(() => json(200, { twoFactorRequired: true, challenge: 'c1' }));
    submit('Anmelden');
    await screen.findByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' });
    fill(/^Code/, '12');
    submit('Bestätigen');
    expect(await screen.findByText('Bitte geben Sie die 6 Ziffern aus Ihrer App ein.')).toBeTruthy();
    fill(/^Code/, '123 456');
    answers.push(() => json(422, { error: { code: 'validation', message: 'errors.validation', fields: { challenge: ['errors.two_factor_challenge_expired'] } }, requestId: 'r' }));
    submit('Bestätigen');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(bodies[1]).toEqual({ challenge: 'c1', code: '123456' });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect((screen.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement).value).toBe('x@demo.example');

    fill(/^Passwort/, 'secret');
    answers.push(() => json(200, { twoFactorRequired: true, challenge: 'c2' }));
    submit('Anmelden');
    await screen.findByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' });
    fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    fill(/^Wiederherstellungscode/, 'abcd-efgh');
    answers.push(() => json(200, { user }));
    submit('Bestätigen');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(bodies[3]).toEqual({ challenge: 'c2', recoveryCode: 'abcd-efgh' });
  });
});
