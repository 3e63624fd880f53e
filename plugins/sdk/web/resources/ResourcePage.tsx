import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TOptions } from 'i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ResourceDeclaration } from '../../resources/index.ts';
import type { PluginClient } from '../client.ts';
import { ApplyJobBanner } from '../kit/ApplyBanner.tsx';
import { ConfirmDialog, useConfirm } from '../kit/ConfirmDialog.tsx';
import { RenderedFilesPanel, SectionHeader } from '../kit/RenderedFiles.tsx';
import { EmptyState, QueryState } from '../kit/States.tsx';
import { useApply, type Apply } from '../kit/useApply.ts';
import { useManagedHost } from '../runtime.tsx';
import { endpointOf, type ResourceApi } from './api.ts';
import { ResourceTable, type ResourceTableProps } from './ResourceTable.tsx';
import { useResourceTexts } from './texts.ts';

type Row = { id: number };

/** What a custom list (`ResourcePageProps.list`) gets: the answer, the delete to ask, the edit path. */
export interface ResourceListContext<R extends Row, L> {
  answer: L;
  rows: readonly R[];
  remove: (row: R) => void;
  editPath: (row: R) => string;
  apply: Apply;
  empty: ReactNode;
}

export interface ResourcePageProps<R extends Row, L extends { data: readonly R[]; total: number }> {
  resource: ResourceDeclaration;
  /** The plugin's generated API and client (`<camel>Api`, `<camel>Client` of `generated/client.ts`). */
  api: ResourceApi;
  client: PluginClient;
  /** The table's columns, search text and row details (`ResourceTable`). */
  table?: Pick<ResourceTableProps<R>, 'columns' | 'searchText' | 'details' | 'actions' | 'caption'>;
  /** Instead of the table (e.g. one table per user); the page keeps header, apply, files and delete. */
  list?: (c: ResourceListContext<R, L>) => ReactNode;
  /** Below the list, with the list's answer (e.g. the server's time zone). */
  footer?: (answer: L) => ReactNode;
  /** The values of the texts about one entry (`list.edit`, `delete.text`; default the entry's fields). */
  describe?: (row: R) => TOptions;
  /** More on the page (dialogs of the plugin's own actions), after the files. */
  children?: ReactNode;
}

/**
 * A resource's start page, from its declaration: intro, undo and "new" (`SectionHeader`), the running
 * apply, the entries (`ResourceTable` or the plugin's list), the rendered files, delete with confirmation.
 * Every text is the plugin's key where it has one, else the SDK's default (`sdk:resource.*`).
 */
export function ResourcePage<R extends Row, L extends { data: readonly R[]; total: number }>({ resource, api, client, table, list, footer, describe, children }: ResourcePageProps<R, L>) {
  const { text, own } = useResourceTexts(resource.pluginId);
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = endpointOf(api, resource, 'list').useQuery(args);
  const [remove] = endpointOf(api, resource, 'delete').useMutation();
  const apply = useApply(client);
  const del = useConfirm<R>();
  const section = resource.pluginId;
  const values = (row: R): TOptions => ({ ...row, ...describe?.(row) });
  const editPath = (row: R) => host.sectionPath(section, String(row.id));
  const createPath = resource.operations.create ? host.sectionPath(section, 'create') : undefined;
  const empty = (
    <EmptyState
      title={text('list.empty')}
      hint={text('list.emptyHint')}
      testId={`${section}-empty`}
      action={
        createPath && (
          <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={createPath}>
            {text('list.create')}
          </Button>
        )
      }
    />
  );
  return (
    <Stack spacing={3}>
      <SectionHeader
        apply={apply}
        intro={text('list.intro')}
        rollBackText={text('rollback.text')}
        create={createPath ? { label: text('list.create'), to: createPath } : undefined}
      />
      <ApplyJobBanner apply={apply} />
      <QueryState query={query as { data?: L; isLoading: boolean; isError: boolean; refetch: () => unknown }}>
        {(answer) => (
          <>
            {list ? (
              list({ answer, rows: answer.data, remove: del.ask, editPath, apply, empty })
            ) : (
              <Paper variant="outlined">
                <ResourceTable<R>
                  resource={resource}
                  rows={answer.data}
                  {...table}
                  caption={table?.caption ?? own('list.caption', text('list.caption'), { server: host.server.name })}
                  editPath={resource.update === 'put' && resource.operations.get ? editPath : undefined}
                  onDelete={del.ask}
                  empty={empty}
                />
              </Paper>
            )}
            {answer.total > answer.data.length && (
              <Typography variant="body2" color="text.secondary">
                {text('list.more', { shown: answer.data.length, total: answer.total })}
              </Typography>
            )}
            {footer?.(answer)}
          </>
        )}
      </QueryState>
      <RenderedFilesPanel apply={apply} title={text('file.title')} none={own('file.none', '') || undefined} />
      {children}
      <ConfirmDialog
        {...del.dialog}
        title={text('delete.title')}
        text={del.item ? text('delete.text', values(del.item)) : ''}
        confirm={text('delete.confirm')}
        onConfirm={() => del.run((row) => apply.track(remove({ ...args, [resource.idParam]: row.id })))}
      />
    </Stack>
  );
}
