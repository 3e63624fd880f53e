import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ApplyJobBanner, ConfirmDialog, EmptyState, QueryState, RenderedFilesPanel, SectionHeader, useApply, useConfirm, useManagedHost } from '@portal/plugin-sdk/web';
import { __camel__Api, __camel__Client } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { ItemTable, type Item } from './ItemTable.tsx';

/** The section's start page: intro and undo, the entries, the running apply, the rendered file, delete with confirmation. */
export function ItemsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = __camel__Api.useList__Pascal__ItemsQuery(args);
  const [deleteItem] = __camel__Api.useDelete__Pascal__ItemMutation();
  const apply = useApply(__camel__Client);
  const del = useConfirm<Item>();

  return (
    <Stack spacing={3}>
      <SectionHeader apply={apply} intro={t('list.intro')} rollBackText={t('rollback.text')} create={{ label: t('list.create'), to: host.sectionPath('__id__', 'create') }} />
      <ApplyJobBanner apply={apply} />
      <QueryState query={list}>
        {(data) => (
          <Paper variant="outlined">
            <ItemTable items={data.data} onDelete={del.ask} empty={<EmptyState title={t('list.empty')} hint={t('list.emptyHint')} testId="__id__-empty" />} />
          </Paper>
        )}
      </QueryState>
      <RenderedFilesPanel apply={apply} title={t('file.title')} />
      <ConfirmDialog
        {...del.dialog}
        title={t('delete.title')}
        text={del.item ? t('delete.text', { name: del.item.name }) : ''}
        confirm={t('delete.confirm')}
        onConfirm={() => del.run((item) => apply.track(deleteItem({ ...args, itemId: item.id })))}
      />
    </Stack>
  );
}
