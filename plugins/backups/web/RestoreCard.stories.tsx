import { storyHostFor } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import type { Plan, Restore } from './model.ts';
import { RestoreCard } from './RestoresPanel.tsx';

const at = '2026-11-28T08:00:00.000Z';
const plan: Plan = { id: 1, name: 'shop', kind: 'files', path: '/var/www/shop', database: '', schedule: 'daily', hour: 3, keepDays: 10, keepWeeks: 0, keepMonths: 0, retentionDays: 10, nextRun: '2026-11-29T03:00:00.000Z', createdAt: at, updatedAt: at };
const compared: Restore = {
  id: 1,
  planId: 1,
  snapshotId: '4f0c1d2e3a4b5c6d',
  mode: 'copy',
  status: 'compared',
  changes: [
    { path: 'img/logo.svg', change: 'added' },
    { path: 'index.php', change: 'changed' },
    { path: 'tmp/upload.php', change: 'removed' },
  ],
  changesTotal: 3,
  runId: 4,
  error: null,
  createdAt: at,
};

/** A restored copy next to the live files: what differs, then promote or discard. */
const meta = {
  title: 'Plugins/backups/Restored copy',
  component: RestoreCard,
  decorators: [storyHostFor('backups', { de, en })],
  args: { restore: compared, plan, onPromote: () => undefined, onDiscard: () => undefined },
} satisfies Meta<typeof RestoreCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Compared: Story = {};
export const Identical: Story = { args: { restore: { ...compared, changes: [], changesTotal: 0 } } };
export const Restoring: Story = { args: { restore: { ...compared, status: 'restoring', changes: [], changesTotal: 0 } } };
/** A database plan's copy: the tables with their rows live and in the copy database. */
export const DatabaseCopy: Story = {
  args: {
    plan: { ...plan, name: 'shopdb', kind: 'database', path: '', database: 'shop' },
    restore: {
      ...compared,
      changes: [],
      changesTotal: 2,
      copyDatabase: 'shop_restore_20261128080000',
      tables: [
        { name: 'customers', liveRows: 1204, copyRows: 1204 },
        { name: 'orders', liveRows: 5, copyRows: 3 },
        { name: 'sessions', liveRows: 12, copyRows: null },
      ],
    },
  },
};
