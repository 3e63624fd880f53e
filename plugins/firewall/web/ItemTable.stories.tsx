import Paper from '@mui/material/Paper';
import { ResourceTable, type ResultOf } from '@portal/plugin-sdk/web';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { firewallItemResource } from '../generated/resources.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const at = '2026-11-24T08:00:00.000Z';
type Item = ResultOf<'listFirewallItems'>['data'][number];

/** The entries of a server (the SDK's resource table with the plugin's declaration and texts). */
const meta = {
  title: 'Plugins/firewall/Item table',
  component: ResourceTable,
  decorators: [
    storyHostFor('firewall', { de, en }),
    (Story) => (
      <Paper variant="outlined">
        <Story />
      </Paper>
    ),
  ],
  args: {
    resource: firewallItemResource,
    rows: [
      { id: 1, name: 'max_memory', value: '256M', createdAt: at, updatedAt: at },
      { id: 2, name: 'workers', value: '4', createdAt: at, updatedAt: at },
    ],
    editPath: (row: Item) => `/clusters/1/servers/2/managed/firewall/${row.id}`,
    onDelete: () => undefined,
  },
} satisfies Meta<typeof ResourceTable<Item>>;
export default meta;

export const Default: StoryObj<typeof meta> = {};
