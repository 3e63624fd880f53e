import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { expect, userEvent, within } from 'storybook/test';
import { sessionApi, type Me } from '../api/session';
import { signedIn } from '../auth/authSlice';
import { createStore } from '../store';
import { displayChanged } from '../ui/displaySlice';
import { UserMenu } from './UserMenu';

const customer: Me = {
  id: 2318,
  email: 'jonas.weber@baeckerei-weber.de',
  firstname: 'Jonas',
  surname: 'Weber',
  language: 'de',
  forcedMode: false,
  darkMode: false,
  container: 'fluid',
  isPartner: false,
  emailVerified: true,
  twoFactorEnabled: false,
  twoFactorConfirmed: false,
};

/** The user menu always reads `me`: its own store, signed in, with `me` preloaded in the RTK Query cache. */
function SignedInStore({ me, dark, children }: { me: Me; dark: boolean; children: ReactNode }) {
  const [store] = useState(() => {
    const s = createStore();
    s.dispatch(displayChanged({ forcedMode: true, darkMode: dark }));
    s.dispatch(sessionApi.util.upsertQueryData('getMe', undefined, me));
    s.dispatch(signedIn());
    return s;
  });
  return <Provider store={store}>{children}</Provider>;
}

const signedInAs =
  (me: Me): Decorator =>
  (Story, context) => (
    <SignedInStore me={me} dark={context.globals.theme === 'dark'}>
      <Story />
    </SignedInStore>
  );

/** In the app the menu sits at the right of the top bar. */
const inTopBar: Decorator = (Story) => (
  <AppBar position="static" color="primary" enableColorOnDark>
    <Toolbar sx={{ justifyContent: 'flex-end' }}>
      <Story />
    </Toolbar>
  </AppBar>
);

const meta = {
  title: 'Shell/UserMenu',
  component: UserMenu,
  decorators: [inTopBar, signedInAs(customer)],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Opened: my data, dark mode, reduced width, log out. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { expanded: false }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menu')).toBeInTheDocument();
  },
};
