import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { StatusView } from './StatusPanel.tsx';

/** The private ProFTPD's state and the recent logins, accepted and refused. */
const meta = {
  title: 'Plugins/ftp/Status',
  component: StatusView,
  decorators: [storyHostFor('ftp', { de, en })],
  args: {
    status: {
      state: 'running',
      address: '127.0.0.1:40021',
      logins: [
        { at: '2026-11-28 14:02:11,412', login: 'agency', outcome: 'refused', client: '203.0.113.7' },
        { at: '2026-11-28 13:58:40,001', login: 'shop-upload', outcome: 'accepted', client: '198.51.100.23' },
      ],
    },
  },
} satisfies Meta<typeof StatusView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};
export const NotStarted: Story = { args: { status: { state: 'stopped', logins: [] } } };
