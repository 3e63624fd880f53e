import type { Meta, StoryObj } from '@storybook/react-vite';
import { FilesPanel } from './FilesPanel.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const header = '# Managed by the customer portal (Managed Center → SSH keys). Changes made here are overwritten.';
const files = [
  {
    path: '/home/deploy/.ssh/authorized_keys',
    user: 'deploy',
    content: `${header}\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEB70klwxKRTM0chWCy/UehBneUeZOaJx++YSZ+ygEul Anna Berger (Laptop)\necdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBIzGkk+QyYWBUZigV3e1Q2qLGbRvfF1kk+X7SQYEoyrdXu0sTC+A3reGmPZL7JZK95Bp/anX4XdK+75+7VvIly0= GitLab CI deploy\n`,
  },
  {
    path: '/home/developer/.ssh/authorized_keys',
    user: 'developer',
    content: `${header}\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINZLRdkrYO1JBcC9dJdXnwC3QmD3v0iyF6ZHwaGjWlAi Jonas Weber\n`,
  },
];

/** The rendered authorized_keys files and whether they are the ones on the server. */
const meta = {
  title: 'Plugins/ssh/Files',
  component: FilesPanel,
  decorators: [storyHostFor('ssh', { de, en })],
  args: {
    data: { files, applied: true },
    loading: false,
    onOpen: () => undefined,
    onApply: () => undefined,
    applying: false,
    defaultExpanded: true,
  },
} satisfies Meta<typeof FilesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Applied: Story = {};
export const NotApplied: Story = { args: { data: { files, applied: false } } };
export const NoFiles: Story = { args: { data: { files: [], applied: true } } };
