import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { firewallApi } from '../generated/client.ts';
import { ConfirmWindow } from './ConfirmWindow.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };

/** The confirm window after a change of the rules: while applied, then the countdown with "Keep these rules". */
const meta: Meta<typeof ConfirmWindow> = {
  title: 'Plugins/firewall/Confirm window',
  component: ConfirmWindow,
};
export default meta;
type Story = StoryObj<typeof ConfirmWindow>;

const withState = (state: 'applying' | 'waiting'): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="firewall"
      translations={{ de, en }}
      prepare={(store) =>
        void store.dispatch(
          firewallApi.util.upsertQueryData('getFirewallConfirmation', args, {
            state,
            confirmSeconds: 60,
            deadline: state === 'waiting' ? new Date(Date.now() + 45_000).toISOString() : null,
          }),
        )
      }
    >
      <ConfirmWindow />
    </ManagedStoryHost>
  ),
});

export const Waiting = withState('waiting');
export const Applying = withState('applying');
