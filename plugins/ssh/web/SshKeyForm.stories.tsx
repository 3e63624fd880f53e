import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SubmissionErrors } from 'final-form';
import { SshKeyForm, type Inspection } from './SshKeyForm.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const ed25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEB70klwxKRTM0chWCy/UehBneUeZOaJx++YSZ+ygEul anna.berger@mueller-schmidt.example';

const recognised = async (): Promise<Inspection | undefined> => ({
  ok: true,
  key: {
    type: 'ssh-ed25519',
    bits: 256,
    fingerprint: 'SHA256:gu+hiQ5Qxb9foxUku3nlKptnTrHPF+3c3ZTFsDJSxt0',
    suggestedLabel: 'anna.berger@mueller-schmidt.example',
  },
});

/** Add a key: the server reads the pasted key (type, length, fingerprint) before it is stored. */
const meta = {
  title: 'Plugins/ssh/Key form',
  component: SshKeyForm,
  decorators: [storyHostFor('ssh', { de, en })],
  args: {
    users: ['deploy', 'developer'],
    initialValues: { user: 'deploy', publicKey: '', label: '' },
    onInspect: recognised,
    onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined,
    onCancel: () => undefined,
  },
} satisfies Meta<typeof SshKeyForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Recognised: Story = { args: { initialValues: { user: 'deploy', publicKey: ed25519, label: '' } } };

export const TooShortRsa: Story = {
  args: {
    initialValues: {
      user: 'developer',
      publicKey: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCZg3w4MKDz9FmMGmeJYE32lmE80CBLxiwx3q8uZL3kNmsdagQ1ruw4juu test@rsa2048',
      label: 'Old laptop',
    },
    onInspect: async () => ({
      ok: false,
      message:
        'Dieser RSA-Schlüssel ist zu kurz. RSA-Schlüssel brauchen mindestens 3072 Bit; erstellen Sie besser einen ssh-ed25519-Schlüssel.',
    }),
  },
};

export const Duplicate: Story = {
  args: {
    initialValues: { user: 'deploy', publicKey: ed25519, label: 'Anna Berger (Laptop)' },
    onSubmit: async () => ({ publicKey: 'Dieser Schlüssel ist für diesen Benutzer bereits erlaubt.' }),
  },
};
