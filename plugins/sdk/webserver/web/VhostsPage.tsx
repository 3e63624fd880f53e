import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, QueryState, useManagedHost } from '../../web/index.tsx';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { type Vhost } from './model.ts';
import { ConfirmDialog } from '../../web/index.tsx';
import { SiteFrame } from './SiteFrame.tsx';
import { VhostTable } from './VhostTable.tsx';

/** The section's start page: the server's domains. */
export function VhostsPage() {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const list = api.useVhosts(args);
  const [remove] = api.useDeleteVhost();
  const [toDelete, setToDelete] = useState<Vhost>();
  const addButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath(pluginId, 'domains/new')}>
      {t('vhosts.add')}
    </Button>
  );

  return (
    <SiteFrame tab="domains">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('vhosts.intro')}</Typography>
        <Box sx={{ flexShrink: 0 }}>{addButton('contained')}</Box>
      </Stack>
      <QueryState query={list} loadingLabel={t('list.loading')} errorMessage={t('list.loadFailed')}>
        {(data) => (
          <Paper variant="outlined">
            {data.data.length === 0 ? (
              <EmptyState title={t('vhosts.empty')} hint={t('vhosts.emptyHint')} action={addButton('outlined')} testId={`${pluginId}-vhosts-empty`} />
            ) : (
              <VhostTable vhosts={data.data} pathOf={(sub) => host.sectionPath(pluginId, sub)} onDelete={setToDelete} />
            )}
          </Paper>
        )}
      </QueryState>
      <ConfirmDialog
        open={!!toDelete}
        title={t('vhosts.delete.title')}
        text={t('vhosts.delete.text', {
          name: toDelete?.serverNames[0] ?? '',
          redirects: toDelete?.redirectCount ?? 0,
          authentications: toDelete?.authenticationCount ?? 0,
        })}
        confirm={t('vhosts.delete.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await remove({ ...args, vhostId: toDelete!.id });
          setToDelete(undefined);
          if ('error' in r) host.notifyFailure(r.error);
          else host.notify('success', t('vhosts.delete.done', { name: toDelete!.serverNames[0] }));
        }}
      />
    </SiteFrame>
  );
}
