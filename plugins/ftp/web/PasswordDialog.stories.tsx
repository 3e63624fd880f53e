import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { PasswordDialog } from './PasswordDialog.tsx';

/** A new account's generated password, shown once after create or renew. */
const meta = {
  title: 'Plugins/ftp/Password',
  component: PasswordDialog,
  decorators: [storyHostFor('ftp', { de, en })],
  args: {
    created: {
      job: { id: 1 } as never,
      user: { id: 3, login: 'agency', documentRoot: 'shop/public/media', quotaMb: 1024, expiresOn: '', expired: false, home: '/var/www/shop/public/media', createdAt: '2026-11-28T10:00:00Z', passwordSetAt: '2026-11-28T10:00:00Z' },
      password: 'q3V9_x2LmT0aZr8KpWc1nYbE5sHdJf7G',
    },
    onClose: () => undefined,
  },
} satisfies Meta<typeof PasswordDialog>;

export default meta;
export const Shown: StoryObj<typeof meta> = {};
