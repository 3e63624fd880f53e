import Stack from '@mui/material/Stack';
import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { protectionApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { BansPanel, EventsPanel, JailsPanel, WafPanel } from './Panels.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const at = '2026-11-28T09:00:00.000Z';
/** The demo server's jails and WAF site (server/index.ts fixtures), a ban and two WAF events. */
const jails: Schemas['ProtectionJail'][] = [
  { id: 1, jail: 'sshd', enabled: true, bantimeSeconds: 3600, maxretry: 5, findtimeSeconds: 600, createdAt: at, updatedAt: at },
  { id: 2, jail: 'apache-auth', enabled: true, bantimeSeconds: 1800, maxretry: 6, findtimeSeconds: 600, createdAt: at, updatedAt: at },
];
const sites: Schemas['ProtectionWafSite'][] = [
  { id: 1, host: 'shop.example.com', mode: 'detect', exceptions: '', createdAt: at, updatedAt: at },
  { id: 2, host: 'blog.example.com', mode: 'on', exceptions: '920350', createdAt: at, updatedAt: at },
];
const bans: Schemas['ProtectionBans'] = {
  running: true,
  jails: [
    { jail: 'sshd', currentlyFailed: 2, totalBanned: 3, banned: ['203.0.113.5', '2001:db8::5'] },
    { jail: 'apache-auth', currentlyFailed: 0, totalBanned: 0, banned: [] },
  ],
};
const events: Schemas['ProtectionWafEvents'] = {
  data: [
    {
      id: 'Z2k1',
      time: '28/Nov/2026:23:50:00 +0000',
      host: 'shop.example.com',
      method: 'GET',
      uri: "/search?q=1'%20OR%201=1",
      client: '198.51.100.7',
      status: 403,
      rules: [
        { id: 942100, message: 'SQL Injection Attack Detected via libinjection' },
        { id: 949110, message: 'Inbound Anomaly Score Exceeded' },
      ],
    },
    { id: 'Z2k0', time: '28/Nov/2026:22:14:09 +0000', host: 'blog.example.com', method: 'POST', uri: '/wp-login.php', client: '203.0.113.44', status: 200, rules: [{ id: 920350, message: 'Host header is a numeric IP address' }] },
  ],
};

/** The section's panels below the allow list: jails, banned addresses with unban, the WAF per site, its events. */
const meta: Meta<typeof JailsPanel> = {
  title: 'Plugins/protection/Panels',
  component: JailsPanel,
};
export default meta;
type Story = StoryObj<typeof JailsPanel>;

const withData = (running: boolean): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="protection"
      translations={{ de, en }}
      prepare={(store) => {
        void store.dispatch(protectionApi.util.upsertQueryData('listProtectionJails', args, { data: jails, total: jails.length } as never));
        void store.dispatch(protectionApi.util.upsertQueryData('listProtectionWafSites', args, { data: sites, total: sites.length } as never));
        void store.dispatch(protectionApi.util.upsertQueryData('listProtectionBans', args, running ? bans : { running: false, jails: [] }));
        void store.dispatch(protectionApi.util.upsertQueryData('listProtectionWafEvents', args, running ? events : { data: [] }));
      }}
    >
      <Stack spacing={3}>
        <JailsPanel />
        <BansPanel />
        <WafPanel />
        <EventsPanel />
      </Stack>
    </ManagedStoryHost>
  ),
});

export const Running = withData(true);
export const Fail2banNotRunning = withData(false);
