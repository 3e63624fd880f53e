import type { Meta, StoryObj } from '@storybook/react-vite';
import { ServiceList } from './ServiceList.tsx';
import { withMonitoring } from './storyData.tsx';

/** The server's services as its gateway reports them; what it cannot tell is "unknown", never guessed. */
const meta = {
  title: 'Plugins/monitoring/ServiceList',
  component: ServiceList,
  decorators: [withMonitoring],
  args: {
    checkedAt: '2026-11-22T19:30:04Z',
    onRefresh: () => undefined,
    services: [
      { id: 'nginx', state: 'running', endpoint: { host: '127.0.0.1', port: 41873 } },
      { id: 'php-fpm', state: 'unknown' },
      { id: 'cronjobs', state: 'unknown' },
      { id: 'ssh', state: 'unknown' },
      { id: 'monitoring', state: 'unknown' },
    ],
  },
} satisfies Meta<typeof ServiceList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WebServer: Story = {};
export const Stopped: Story = {
  args: {
    services: [
      { id: 'nginx', state: 'stopped' },
      { id: 'mysql', state: 'not_installed' },
    ],
  },
};
export const Loading: Story = { args: { services: undefined, checkedAt: undefined, loading: true } };
export const Failed: Story = { args: { services: undefined, checkedAt: undefined, failed: true } };
