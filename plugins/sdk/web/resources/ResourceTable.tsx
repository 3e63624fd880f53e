import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { ResourceDeclaration } from '../../resources/index.ts';
import { DataTable, type Column, type DataTableProps } from '../kit/DataTable.tsx';
import { RowActions } from '../kit/RowActions.tsx';
import { useResourceTexts } from './texts.ts';

export interface ResourceTableProps<Row extends { id: number }> {
  resource: ResourceDeclaration;
  rows: readonly Row[];
  /** The columns before the actions (default: one per field, headed `list.columns.<field>`). */
  columns?: Column<Row>[];
  /** The SPA path of a row's edit page (an edit button when the resource has an update). */
  editPath?: (row: Row) => string;
  onDelete?: (row: Row) => void;
  /** More buttons of a row, before edit and delete. */
  actions?: (row: Row) => ReactNode;
  /** The table's name (default `list.caption`). */
  caption?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The text a row is found by (a search box from 6 rows on; default: its fields' values). */
  searchText?: (row: Row) => string;
  details?: DataTableProps<Row>['details'];
}

const valueOf = (row: object, field: string) => (row as Record<string, unknown>)[field];

/**
 * A resource's entries in the SDK's table: a column per field (or the plugin's), edit and delete with
 * labels naming the row (`list.edit`/`list.delete` with the row's values), rows found by `data-testid`
 * `<resource>-<id>`.
 */
export function ResourceTable<Row extends { id: number }>({ resource, rows, columns, editPath, onDelete, actions, caption, empty, searchText, details }: ResourceTableProps<Row>) {
  const { text, own } = useResourceTexts(resource.pluginId);
  const fields = Object.keys(resource.fields);
  const fieldColumns: Column<Row>[] =
    columns ??
    fields.map((field) => ({
      id: field,
      label: own(`list.columns.${field}`, own(`form.${field}`, field)),
      sortValue: (row: Row) => String(valueOf(row, field) ?? ''),
      render: (row: Row) => {
        const v = valueOf(row, field);
        return typeof v === 'boolean' ? text(v ? 'list.yes' : 'list.no') : <Box sx={{ overflowWrap: 'anywhere' }}>{String(v ?? '')}</Box>;
      },
    }));
  const canEdit = !!resource.operations.update && !!editPath;
  const canDelete = !!resource.operations.delete && !!onDelete;
  const all: Column<Row>[] = [
    ...fieldColumns,
    ...(canEdit || canDelete || actions
      ? [
          {
            id: 'actions',
            label: text('list.columns.actions'),
            align: 'right' as const,
            nowrap: true,
            render: (row: Row) => (
              <RowActions
                edit={canEdit ? { label: text('list.edit', { ...row }), to: editPath!(row) } : undefined}
                remove={canDelete ? { label: text('list.delete', { ...row }), onClick: () => onDelete!(row) } : undefined}
              >
                {actions?.(row)}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  const search = searchText ?? ((row: Row) => fields.map((f) => String(valueOf(row, f) ?? '')).join(' '));
  return (
    <DataTable
      rows={rows}
      columns={all}
      rowKey={(row) => row.id}
      caption={caption ?? text('list.caption')}
      empty={empty}
      size="small"
      searchText={rows.length > 5 ? search : undefined}
      rowProps={(row) => ({ 'data-testid': `${resource.name}-${row.id}`, sx: { verticalAlign: 'top' } })}
      details={details}
    />
  );
}
