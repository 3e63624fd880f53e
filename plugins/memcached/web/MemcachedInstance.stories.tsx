import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { memcachedApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { MemcachedInstance } from './MemcachedInstance.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };

/** The panel below the settings: what the running instance reports (version, uptime, items, the settings in effect) and the flush. */
const meta: Meta<typeof MemcachedInstance> = {
  title: 'Plugins/memcached/Running instance',
  component: MemcachedInstance,
};
export default meta;
type Story = StoryObj<typeof MemcachedInstance>;

const withInstance = (instance: Schemas['MemcachedInstance']): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="memcached"
      translations={{ de, en }}
      prepare={(store) => void store.dispatch(memcachedApi.util.upsertQueryData('getMemcachedInstance', args, instance))}
    >
      <MemcachedInstance />
    </ManagedStoryHost>
  ),
});

export const Running = withInstance({
  running: true,
  version: '1.6.18',
  uptimeSeconds: 5 * 86400 + 3 * 3600,
  items: 48_213,
  settings: {
    maxbytes: String(96 * 1024 * 1024),
    maxconns: '1024',
    num_threads: '4',
    item_size_max: '1048576',
    evictions: 'on',
    verbosity: '0',
    inter: '127.0.0.1',
    tcpport: '11211',
    udpport: '0',
  },
});
export const NotRunning = withInstance({ running: false });
