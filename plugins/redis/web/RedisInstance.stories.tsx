import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { InstancePanel, InstanceView } from './RedisInstance.tsx';

/** What the running instance reports: version, uptime, memory, keys per database, flush with confirmation. */
const meta = {
  title: 'Plugins/redis/Databases',
  component: InstanceView,
  // The panel inside the host (later decorators wrap earlier ones).
  decorators: [(Story) => <InstancePanel>{Story()}</InstancePanel>, storyHostFor('redis', { de, en })],
  args: {
    instance: {
      running: true,
      version: '7.0.15',
      uptimeSeconds: 3 * 86400 + 7200,
      usedMemoryBytes: 182 * 1024 ** 2,
      databases: [
        { database: 0, keys: 48_213, expires: 47_950 },
        { database: 1, keys: 1_204, expires: 0 },
        { database: 2, keys: 17, expires: 17 },
      ],
    },
    onFlush: async () => undefined,
  },
} satisfies Meta<typeof InstanceView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};
export const Empty: Story = { args: { instance: { running: true, version: '7.0.15', uptimeSeconds: 40, usedMemoryBytes: 968 * 1024, databases: [] } } };
export const NotRunning: Story = { args: { instance: { running: false } } };
