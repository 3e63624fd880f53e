import Box from '@mui/material/Box';
import { DataTable, RowActions, type Column, type ResultOf } from '@portal/plugin-sdk/web';
import type { ReactNode } from 'react';
import { useT } from '../generated/i18n.ts';

export type Item = ResultOf<'list__Pascal__Items'>['data'][number];

interface Props {
  items: readonly Item[];
  onDelete: (item: Item) => void;
  empty?: ReactNode;
}

/** The entries of a server: name, value, delete. */
export function ItemTable({ items, onDelete, empty }: Props) {
  const { t } = useT();
  const columns: Column<Item>[] = [
    { id: 'name', label: t('list.columns.name'), sortValue: (i) => i.name, render: (i) => <Box component="code">{i.name}</Box> },
    { id: 'value', label: t('list.columns.value'), sortValue: (i) => i.value, render: (i) => <Box component="code" sx={{ overflowWrap: 'anywhere' }}>{i.value}</Box> },
    {
      id: 'actions',
      label: t('list.columns.actions'),
      hideLabel: true,
      align: 'right',
      nowrap: true,
      render: (i) => <RowActions remove={{ label: t('list.delete', { name: i.name }), onClick: () => onDelete(i) }} />,
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(i) => i.id}
      caption={t('list.caption')}
      empty={empty}
      size="small"
      searchText={items.length > 5 ? (i) => `${i.name} ${i.value}` : undefined}
      rowProps={(i) => ({ 'data-testid': `__id__-item-${i.id}` })}
    />
  );
}
