import Paper from '@mui/material/Paper';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { ItemTable } from './ItemTable.tsx';

/** The entries of a server. */
const meta = {
  title: 'Plugins/__id__/Item table',
  component: ItemTable,
  decorators: [
    storyHostFor('__id__', { de, en }),
    (Story) => (
      <Paper variant="outlined">
        <Story />
      </Paper>
    ),
  ],
  args: {
    items: [
      { id: 1, name: 'max_memory', value: '256M', createdAt: '2026-11-24T08:00:00.000Z' },
      { id: 2, name: 'workers', value: '4', createdAt: '2026-11-24T08:05:00.000Z' },
    ],
    onDelete: () => undefined,
  },
} satisfies Meta<typeof ItemTable>;
export default meta;

export const Default: StoryObj<typeof meta> = {};
