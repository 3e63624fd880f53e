import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { sessionApi, type Me } from '../api/session';
import { signedIn } from '../auth/authSlice';
import { createStore } from '../store';
import { displayChanged } from '../ui/displaySlice';
import { TopBar } from './TopBar';

const partner: Me = {
  id: 1042,
  email: 'anna.schmidt@webagentur-schmidt.de',
  firstname: 'Anna',
  surname: 'Schmidt',
  language: 'de',
  forcedMode: false,
  darkMode: false,
  container: 'fluid',
  isPartner: true,
  emailVerified: true,
  twoFactorEnabled: true,
  twoFactorConfirmed: true,
};

/** Its own store, signed in, with `me` already in the RTK Query cache (so nothing asks the API). */
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

const meta = {
  title: 'Shell/TopBar',
  component: TopBar,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Guests see only the portal name and the language switch. */
export const SignedOut: Story = {};

/** A partner manager: dashboard, contracts, invoices, orders and partner, plus the user menu. */
export const SignedInAsPartner: Story = {
  decorators: [signedInAs(partner)],
};

/** Below `md` the navigation moves into the burger menu. */
export const SignedInAsPartnerMobile: Story = {
  decorators: [signedInAs(partner)],
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
