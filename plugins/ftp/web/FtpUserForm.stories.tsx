import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import type { SubmissionErrors } from 'final-form';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { FtpUserForm } from './FtpUserForm.tsx';

/** A new FTPS account or an edit: login, document root below /var/www, quota, expiry date. */
const meta = {
  title: 'Plugins/ftp/Account form',
  component: FtpUserForm,
  decorators: [storyHostFor('ftp', { de, en })],
  args: {
    mode: 'create',
    initialValues: { login: '', documentRoot: '', quotaMb: '0', expiresOn: '' },
    onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined,
    onCancel: () => undefined,
  },
} satisfies Meta<typeof FtpUserForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {};
export const Edit: Story = { args: { mode: 'edit', initialValues: { login: 'agency', documentRoot: 'shop/public/media', quotaMb: '1024', expiresOn: '2030-12-31' } } };
/** The server's answer for a login that exists, under its field. */
export const LoginTaken: Story = {
  args: { initialValues: { login: 'shop-upload', documentRoot: 'shop/public', quotaMb: '0', expiresOn: '' }, onSubmit: async () => ({ login: en.errors.login_taken }) },
};
