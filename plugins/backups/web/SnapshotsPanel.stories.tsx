import { storyHostFor } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import type { Plan, Snapshot } from './model.ts';
import { RunsPanel } from './RunsPanel.tsx';
import { SnapshotsPanel } from './SnapshotsPanel.tsx';

const at = '2026-11-28T08:00:00.000Z';
const plans: Plan[] = [{ id: 1, name: 'shop', kind: 'files', path: '/var/www/shop', database: '', schedule: 'daily', hour: 3, keepDays: 30, keepWeeks: 4, keepMonths: 0, retentionDays: 30, nextRun: '2026-11-29T03:00:00.000Z', createdAt: at, updatedAt: at }];
const snapshot = (id: string, time: string, extra: Partial<Snapshot> = {}): Snapshot => ({
  id: `${id}${'0'.repeat(56)}`,
  shortId: id,
  time,
  paths: ['/var/www/shop'],
  planId: 1,
  safety: false,
  bytes: 48_230_112,
  files: 1_204,
  durationMs: 8_400,
  ...extra,
});
const data = [
  snapshot('4f0c1d2e', '2026-11-28T03:00:04Z'),
  snapshot('9a8b7c6d', '2026-11-27T14:12:00Z', { safety: true, durationMs: 2_100 }),
  snapshot('1b2c3d4e', '2026-11-27T03:00:03Z', { bytes: null, files: null, durationMs: null }),
];
const query = (d?: { data: Snapshot[] }, extra: { isLoading?: boolean; isError?: boolean } = {}) => ({ data: d, isLoading: false, isError: false, refetch: () => undefined, ...extra });

/** The snapshots of a server's repository (size, files, duration from restic), and the runs above them. */
const meta = {
  title: 'Plugins/backups/Snapshots',
  component: SnapshotsPanel,
  decorators: [storyHostFor('backups', { de, en })],
  args: { query: query({ data }), plans, onRestore: () => undefined },
} satisfies Meta<typeof SnapshotsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { query: query({ data: [] }) } };
export const Loading: Story = { args: { query: query(undefined, { isLoading: true }) } };
export const WithRunningBackup: Story = {
  render: (args) => (
    <>
      <RunsPanel
        plans={plans}
        runs={[{ id: 7, planId: 1, restoreId: null, kind: 'backup', status: 'running', stage: 'backup', snapshotId: null, bytes: null, files: null, durationMs: null, error: null, createdAt: at, finishedAt: null }]}
      />
      <SnapshotsPanel {...args} />
    </>
  ),
};
