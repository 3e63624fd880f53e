import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { HistoryTable } from './HistoryTable.tsx';
import { ServiceTable } from './ServiceTable.tsx';

const meta: Meta<typeof ServiceTable> = {
  title: 'Plugins/cluster-control/ServiceTable',
  component: ServiceTable,
  decorators: [storyHostFor('cluster-control', { de, en })],
  args: {
    serverName: 'db01.c20011.managed-hosting.example',
    onAction: () => undefined,
    services: [
      { id: 'mysql', state: 'running', database: true, endpoint: { host: '127.0.0.1', port: 33061 } },
      { id: 'redis', state: 'stopped', database: true },
      { id: 'memcached', state: 'running', database: false, endpoint: { host: '127.0.0.1', port: 11311 } },
      { id: 'cronjobs', state: 'unknown', database: false },
    ],
  },
};
export default meta;
type Story = StoryObj<typeof ServiceTable>;

export const Services: Story = {};
export const ActionRunning: Story = { args: { busy: 'memcached' } };
export const NoServices: Story = { args: { services: [] } };
export const History: Story = {
  render: () => (
    <HistoryTable
      rows={[
        {
          id: 2,
          serverId: 4,
          serverName: 'db01.c20011.managed-hosting.example',
          service: 'memcached',
          action: 'restart',
          outcome: 'refused',
          output: 'configuration test: failed\n-t 0 is not a valid number of threads',
          state: 'running',
          userEmail: 'admin@demo.example',
          at: '2026-11-28T09:12:00Z',
        },
        {
          id: 1,
          serverId: 4,
          serverName: 'db01.c20011.managed-hosting.example',
          service: 'redis',
          action: 'stop',
          outcome: 'succeeded',
          output: 'stopped',
          state: 'stopped',
          userEmail: 'admin@demo.example',
          at: '2026-11-28T09:10:00Z',
        },
      ]}
    />
  ),
};
