import type { Meta, StoryObj } from '@storybook/react-vite';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createStore } from '../store';
import { notificationsApi, type Notice } from './api';
import { NotificationBell } from './NotificationBell';

const notice = (id: string, date: string, extra: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'built_in',
  title: { de: `Hinweis ${id}`, en: `Notice ${id}` },
  message: { de: 'Eine kurze Nachricht zu diesem Hinweis.', en: 'A short message about this notice.' },
  date,
  isRead: false,
  link: null,
  linkEn: null,
  external: false,
  image: null,
  isFeedback: false,
  ...extra,
});

const many: Notice[] = [
  notice('s3', '2026-11-24T09:12:00Z', {
    kind: 'apply_failed',
    title: { de: 'Änderung auf web01.c20011 fehlgeschlagen', en: 'Change on web01.c20011 failed' },
    message: { de: 'Die Konfiguration von nginx konnte nicht angewendet werden.', en: 'The nginx configuration could not be applied.' },
    link: '/clusters/1/servers/2/incidents?job=7',
  }),
  notice('9', '2026-10-20T08:00:00Z', { link: 'https://www.example.com/de/php', linkEn: 'https://www.example.com/en/php', external: true }),
  notice('7', '2026-07-14T08:00:00Z', { image: { de: '/a/notifications/spotlight-de.svg', en: '/a/notifications/spotlight-en.svg' } }),
  ...['6', '5', '4', '3', '2', '1', '0'].map((id, i) => notice(id, `2026-0${6 - Math.min(i, 5)}-01T08:00:00Z`, { isRead: i > 4 })),
];

/** Its own store with the list already in the RTK Query cache (nothing asks the API). */
function WithNotices({ list, children }: { list: Notice[]; children: ReactNode }) {
  const [store] = useState(() => {
    const s = createStore();
    s.dispatch(notificationsApi.util.upsertQueryData('listNotifications', undefined, { data: list, meta: { unread: list.filter((n) => !n.isRead).length } }));
    return s;
  });
  return (
    <Provider store={store}>
      <MemoryRouter>
        <AppBar position="static">
          <Toolbar sx={{ justifyContent: 'flex-end' }}>{children}</Toolbar>
        </AppBar>
      </MemoryRouter>
    </Provider>
  );
}

/** The bell of the top bar and its notification centre (click the bell). */
const meta = {
  title: 'Shell/NotificationBell',
  component: NotificationBell,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TenUnread: Story = {
  decorators: [
    (Story) => (
      <WithNotices list={many}>
        <Story />
      </WithNotices>
    ),
  ],
};

export const AllRead: Story = {
  decorators: [
    (Story) => (
      <WithNotices list={many.map((n) => ({ ...n, isRead: true }))}>
        <Story />
      </WithNotices>
    ),
  ],
};

export const Empty: Story = {
  decorators: [
    (Story) => (
      <WithNotices list={[]}>
        <Story />
      </WithNotices>
    ),
  ],
};
