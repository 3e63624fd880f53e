import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SshKey } from './UserKeys.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { UserKeys } from './UserKeys.tsx';

const key = (id: number, label: string, type: string, bits: number, fingerprint: string): SshKey => ({
  id,
  user: 'deploy',
  label,
  type,
  bits,
  fingerprint,
  publicKey: `${type} AAAA…`,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
});

/** The keys of one server user: label, type and length, SHA256 fingerprint, rename and delete. */
const meta = {
  title: 'Plugins/ssh/User keys',
  component: UserKeys,
  decorators: [storyHostFor('ssh', { de, en })],
  args: {
    user: 'deploy',
    path: '/home/deploy/.ssh/authorized_keys',
    keys: [
      key(1, 'Anna Berger (Laptop)', 'ssh-ed25519', 256, 'SHA256:gu+hiQ5Qxb9foxUku3nlKptnTrHPF+3c3ZTFsDJSxt0'),
      key(2, 'GitLab CI deploy', 'ecdsa-sha2-nistp256', 256, 'SHA256:AZOVfp+EO9wN8b0gA42Rk+Eq0Lb5EAhWErxDUQ2dMHQ'),
      key(4, 'Backup (Nordlicht)', 'ssh-rsa', 4096, 'SHA256:SxjPRzZUWKLBx4/7wr4pVZ8JkIvxNB0PqaO0JuwHbYc'),
    ],
    onRename: () => undefined,
    onDelete: () => undefined,
    onCopy: () => undefined,
  },
} satisfies Meta<typeof UserKeys>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithKeys: Story = {};
export const NoKeys: Story = { args: { user: 'developer', path: '/home/developer/.ssh/authorized_keys', keys: [] } };
