import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { AclPanel, AclUserDialog, AclUsersTable, PasswordDialog } from './AclUsers.tsx';

const users = [
  { id: 1, name: 'shop', keyPatterns: ['shop:*', 'session:*'], access: 'readwrite' as const, enabled: true, createdAt: '2026-11-28T09:00:00Z', passwordSetAt: '2026-11-28T09:00:00Z' },
  { id: 2, name: 'reporting', keyPatterns: ['shop:stats:*'], access: 'read' as const, enabled: false, createdAt: '2026-11-28T10:00:00Z', passwordSetAt: '2026-11-29T08:30:00Z' },
];

/** The ACL users of the server's redis: key patterns, access, on/off, with their actions. */
const meta = {
  title: 'Plugins/redis/ACL users',
  component: AclUsersTable,
  decorators: [(Story) => <AclPanel>{Story()}</AclPanel>, storyHostFor('redis', { de, en })],
  args: { users, onEdit: () => undefined, onReset: () => undefined, onDelete: () => undefined },
} satisfies Meta<typeof AclUsersTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Users: Story = {};
export const Empty: Story = { args: { users: [] } };

/** A new user: name, key patterns (a malformed one is named before anything is sent), access, on/off. */
export const NewUser: StoryObj<typeof AclUserDialog> = {
  render: () => <AclUserDialog open onClose={() => undefined} onSave={async () => true} />,
};

/** The generated password, shown once with a copy button. */
export const PasswordShownOnce: StoryObj<typeof PasswordDialog> = {
  render: () => (
    <PasswordDialog
      created={{ job: { id: 41, pluginId: 'redis', serverId: 4, status: 'queued', createdAt: '2026-11-29T11:00:00Z' } as never, user: users[0]!, password: 'q8Zk1vX0nB3cT7yL2mR9wF4hJ6sD5aPe' }}
      onClose={() => undefined}
    />
  ),
};
