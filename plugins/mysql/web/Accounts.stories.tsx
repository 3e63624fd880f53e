import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { GrantDiffList, PasswordDialog, Panel } from './Accounts.tsx';

/** The generated password of a new user, shown once. */
const meta = {
  title: 'Plugins/mysql/Password shown once',
  component: PasswordDialog,
  decorators: [storyHostFor('mysql', { de, en })],
  args: {
    created: {
      job: { id: 41, pluginId: 'mysql', serverId: 4, status: 'queued', createdAt: '2026-11-28T11:00:00Z' } as never,
      user: { id: 3, name: 'reporting', host: '10.0.0.%', authentication: 'ed25519', databases: ['shop'], createdAt: '2026-11-28T11:00:00Z', passwordSetAt: '2026-11-28T11:00:00Z' },
      password: 'q8Zk1vX0nB3cT7yL2mR9wF4hJ6sD5aPe',
    },
    onClose: () => undefined,
  },
} satisfies Meta<typeof PasswordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};

/** A user's databases changed: the diff shown before it is applied. */
export const GrantsDiff: StoryObj<typeof GrantDiffList> = {
  render: () => (
    <Panel id="grants" title="shop_app">
      <GrantDiffList before={['shop', 'staging']} after={['shop', 'shop_reports']} />
    </Panel>
  ),
};
