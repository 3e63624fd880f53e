import Stack from '@mui/material/Stack';
import type { Schemas } from '@portal/openapi';
import { defaultsOf } from '@portal/plugin-sdk';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { postfixApi } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { QueuePanel, RelayPasswordPanel } from './Panels.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const settings = { ...defaultsOf(config), relayHost: 'smtp.relay.example', relayPort: 587, relayUser: 'shop-mueller-schmidt' };
const queue: Schemas['PostfixQueue'] = {
  running: true,
  total: 2,
  data: [
    {
      id: '4XyT2k0Zq1',
      queue: 'deferred',
      arrivedAt: '2026-11-29T08:12:40.000Z',
      size: 18_244,
      sender: 'orders@shop.example',
      recipients: [{ address: 'kunde@example.net', reason: 'connect to smtp.relay.example[192.0.2.25]:587: Connection timed out' }],
    },
    { id: '4XyT2k0Zq7', queue: 'active', arrivedAt: '2026-11-29T08:14:02.000Z', size: 3_112, sender: 'info@shop.example', recipients: [{ address: 'lieferant@example.org', reason: '' }] },
  ],
};

/** The panels below the MTA settings: the relay login's password (stored, never shown) and the queue with flush and delete. */
const meta: Meta<typeof QueuePanel> = {
  title: 'Plugins/postfix/Panels',
  component: QueuePanel,
};
export default meta;
type Story = StoryObj<typeof QueuePanel>;

const withData = (q: Schemas['PostfixQueue']): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="postfix"
      translations={{ de, en }}
      prepare={(store) => {
        void store.dispatch(postfixApi.util.upsertQueryData('getPostfixSettings', args, { settings } as never));
        void store.dispatch(postfixApi.util.upsertQueryData('getPostfixRelayPassword', args, { set: true, updatedAt: '2026-11-20T10:00:00.000Z' }));
        void store.dispatch(postfixApi.util.upsertQueryData('listPostfixQueue', args, q));
      }}
    >
      <Stack spacing={3}>
        <RelayPasswordPanel />
        <QueuePanel />
      </Stack>
    </ManagedStoryHost>
  ),
});

export const QueuedMail = withData(queue);
export const EmptyQueue = withData({ running: true, total: 0, data: [] });
