import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthenticationDialog } from './AuthenticationDialog.tsx';
import { RedirectDialog } from './RedirectDialog.tsx';
import { webServerStory } from './storyData.tsx';

const vhosts = [
  { id: 1, serverNames: ['www.mueller-schmidt-shop.example'] },
  { id: 2, serverNames: ['media.mueller-schmidt.example'] },
];
const at = '2026-11-20T09:30:00.000Z';

/** The redirect and basic-authentication dialogs of the section. */
const meta = {
  title: 'SDK/Web server/Dialogs',
  component: RedirectDialog,
  decorators: webServerStory,
  args: { open: true, vhosts, onSubmit: async () => undefined, onClose: () => undefined },
} satisfies Meta<typeof RedirectDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewRedirect: Story = { args: { vhostId: 1 } };

export const EditRedirect: Story = {
  args: {
    redirect: {
      id: 5,
      vhostId: 1,
      vhostName: 'www.mueller-schmidt-shop.example',
      source: '/sale',
      target: '/aktionen/winterschlussverkauf',
      code: 302,
      createdAt: at,
      updatedAt: at,
    },
  },
};

export const NewAuthentication: Story = {
  render: (args) => <AuthenticationDialog open vhosts={args.vhosts} vhostId={2} onSubmit={args.onSubmit as never} onClose={args.onClose} />,
};

export const EditAuthentication: Story = {
  render: (args) => (
    <AuthenticationDialog
      open
      vhosts={args.vhosts}
      authentication={{
        id: 7,
        vhostId: 1,
        vhostName: 'www.mueller-schmidt-shop.example',
        path: '/admin/',
        realm: 'Shop-Administration',
        users: [{ name: 'shopbetrieb' }, { name: 'agentur.weber' }],
        createdAt: at,
        updatedAt: at,
      }}
      onSubmit={args.onSubmit as never}
      onClose={args.onClose}
    />
  ),
};
