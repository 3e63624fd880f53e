import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { initialSort, toRows, type Sort } from './permissionRows';
import { PermissionTable } from './PermissionTable';
import { RevokePermissionDialog } from './RevokePermissionDialog';

const rows = toRows(
  [
    { id: 1, number: 10001, company: 'Müller & Schmidt Online GmbH', role: 'manager', active: true },
    { id: 2, number: 10007, company: 'Bäckerei Sonnenschein e.K.', role: 'manager', active: false },
  ],
  [
    { id: 11, cluster: { id: 11, number: '20011', name: 'Onlineshop Produktion' }, customer: { number: 10001, company: 'Müller & Schmidt Online GmbH' }, role: 'administrator' },
    { id: 21, cluster: { id: 21, number: '20021', name: 'Mediathek' }, customer: { number: 10002, company: 'Nordlicht Medien GmbH & Co. KG' }, role: 'administrator' },
  ],
);

/** The table with its own sort and paging state, as the page holds it. */
function Stateful({ onDelete }: { onDelete: () => void }) {
  const [sort, setSort] = useState<Sort>(initialSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  return <PermissionTable rows={rows} sort={sort} onSort={setSort} page={page} onPage={setPage} pageSize={pageSize} onPageSize={setPageSize} onDelete={onDelete} />;
}

const meta = {
  title: 'Pages/Profile/PermissionTable',
  component: Stateful,
  args: { onDelete: fn() },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sorted by cluster: administrated clusters first, then the managed customers (all their clusters). */
export const Default: Story = {};

export const ConfirmManager: StoryObj<typeof RevokePermissionDialog> = {
  render: () => <RevokePermissionDialog row={rows[0]} busy={false} onCancel={fn()} onConfirm={fn()} />,
};

export const ConfirmAdministrator: StoryObj<typeof RevokePermissionDialog> = {
  render: () => <RevokePermissionDialog row={rows[2]} busy={false} onCancel={fn()} onConfirm={fn()} />,
};
