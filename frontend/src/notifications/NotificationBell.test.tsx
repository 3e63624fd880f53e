import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import '../i18n';
import { createStore } from '../store';
import { badgeLabel, type Notice } from './api';
import { NotificationBell } from './NotificationBell';

const json = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const notice = (id: string, extra: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'built_in',
  title: { de: `Titel ${id}`, en: `Title ${id}` },
  message: { de: `Nachricht ${id}`, en: `Message ${id}` },
  date: '2026-10-20T08:00:00.000Z',
  isRead: false,
  link: null,
  linkEn: null,
  external: false,
  image: null,
  isFeedback: false,
  ...extra,
});

describe('notification bell', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  beforeEach(() => i18next.changeLanguage('de'));

  function setup(list: Notice[]) {
    const calls: string[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      if (req.method === 'GET') return json(200, { data: list, meta: { unread: list.filter((n) => !n.isRead).length } });
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </Provider>,
    );
    return calls;
  }

  it('R4.007 R9.005 the badge shows the count, 9+ above nine', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(137)).toBe('9+');
  });

  it('R2.038 R2.103 R4.006 ten unread show 9+; a click reads one; mark all read empties the badge; external links are marked', async () => {
    const list = [
      notice('s1', { kind: 'apply_failed', link: '/clusters/1/servers/2/incidents?job=3' }),
      notice('9', { link: 'https://www.example.com/de/php', linkEn: 'https://www.example.com/en/php', external: true }),
      ...['0', '1', '2', '3', '4', '5', '6', '7'].map((id) => notice(id)),
    ];
    const calls = setup(list);
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen, 9+ ungelesen' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    const external = within(dialog).getByRole('link', { name: /Titel 9.*externer Link/ });
    expect(external.getAttribute('href')).toBe('https://www.example.com/de/php');
    expect(external.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(dialog).getByRole('button', { name: /Titel 3/ }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/notifications/3/read'));
    expect(screen.getByRole('button', { name: 'Benachrichtigungen, 9 ungelesen', hidden: true })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/notifications/read-all'));
    expect(screen.getByRole('button', { name: 'Benachrichtigungen', hidden: true })).toBeTruthy();
  });

  it('R3.008 shows the notice fields in English: title, message and link_en', async () => {
    await i18next.changeLanguage('en');
    setup([notice('9', { link: 'https://www.example.com/de/php', linkEn: 'https://www.example.com/en/php', external: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = await screen.findByRole('link', { name: /Title 9/ });
    expect(link.getAttribute('href')).toBe('https://www.example.com/en/php');
  });
  // A plugin's notice (`ports.notify`, kind managed_notice): the supervisor's crash loop, its texts as the plugin rendered them.
  const crashLoop = notice('c1', {
    kind: 'managed_notice',
    title: { de: 'worker stürzt auf web01.c20011 immer wieder ab', en: 'worker keeps crashing on web01.c20011' },
    message: {
      de: 'Das Supervisor-Programm worker auf Server web01.c20011 endet immer wieder und wird jedes Mal neu gestartet (BACKOFF). Prüfen Sie Befehl und Log im Bereich Supervisor.',
      en: 'The supervisor program worker on server web01.c20011 exits again and again and is restarted each time (BACKOFF). Check its command and log in the Supervisor section.',
    },
    date: '2026-11-28T09:15:00.000Z',
    link: '/clusters/1/servers/2/managed/supervisor',
  });

  for (const lang of ['de', 'en'] as const) {
    it(`R2.103 R3.008 a supervisor crash-loop notice (${lang}): title, message, time and the link into the section; following it reads it`, async () => {
      await i18next.changeLanguage(lang);
      const calls = setup([crashLoop]);
      fireEvent.click(await screen.findByRole('button', { name: lang === 'de' ? 'Benachrichtigungen, 1 ungelesen' : 'Notifications, 1 unread' }));
      const dialog = await screen.findByRole('dialog', { name: lang === 'de' ? 'Benachrichtigungen' : 'Notifications' });
      const link = within(dialog).getByRole('link', { name: new RegExp(crashLoop.title[lang]) });
      expect(within(link).getByRole('heading', { level: 3 }).textContent).toContain(crashLoop.title[lang]);
      expect(link.textContent).toContain(crashLoop.message[lang]);
      expect(link.querySelector('time')?.getAttribute('dateTime')).toBe(crashLoop.date);
      // Inside the portal: the same tab, not marked external.
      expect(link.getAttribute('href')).toBe('/clusters/1/servers/2/managed/supervisor');
      expect(link.getAttribute('target')).toBeNull();
      expect(link.textContent).not.toMatch(/extern/);
      fireEvent.click(link);
      await waitFor(() => expect(calls).toContain('POST /api/v1/notifications/c1/read'));
    });
  }
});
