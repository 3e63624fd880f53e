import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyJobBanner, ConfirmDialog, EmptyState, QueryState, useApply, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { __camel__Api, __camel__Client } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { ItemTable, type Item } from './ItemTable.tsx';

/** The section's start page: the entries, the running apply, delete with confirmation. */
export function ItemsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = __camel__Api.useList__Pascal__ItemsQuery(args);
  const [deleteItem] = __camel__Api.useDelete__Pascal__ItemMutation();
  const apply = useApply(__camel__Client);
  const [toDelete, setToDelete] = useState<Item>();
  const create = (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('__id__', 'create')}>
      {t('list.create')}
    </Button>
  );

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('list.intro')}</Typography>
        {create}
      </Stack>

      <ApplyJobBanner apply={apply} title={(_job, done) => t(done ? 'apply.titleDone' : 'apply.title')} />

      <QueryState
        query={list}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <Paper variant="outlined">
            <EmptyState title={t('list.empty')} hint={t('list.emptyHint')} action={create} testId="__id__-empty" />
          </Paper>
        }
      >
        {(data) => (
          <Paper variant="outlined">
            <ItemTable items={data.data} onDelete={setToDelete} />
          </Paper>
        )}
      </QueryState>

      <ConfirmDialog
        open={!!toDelete}
        title={t('delete.title')}
        text={toDelete ? t('delete.text', { name: toDelete.name }) : ''}
        confirm={t('delete.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          await apply.track(deleteItem({ ...args, itemId: toDelete!.id }));
          setToDelete(undefined);
        }}
      />
    </Stack>
  );
}
