import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyJobBanner, ConfirmDialog, EmptyState, QueryState, useApply, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { dnsApi, dnsClient } from '../generated/client.ts';
import { type ZoneList, type ZoneSummary } from './model.ts';
import { CheckOutput } from './CheckOutput.tsx';
import { CreateZoneDialog } from './ZoneSettings.tsx';
import { ZoneTable } from './ZoneTable.tsx';
import { useT } from '../generated/i18n.ts';

/** Says that zone files are not checked on this server, and why (presentational). */
export function CheckerNotice({ checker }: { checker: ZoneList['checker'] }) {
  const { t } = useT();
  if (checker.available) return null;
  return (
    <Alert severity="info" data-testid="dns-checker-missing">
      {t('checker.missing', { tool: checker.tool })}
    </Alert>
  );
}

/** The section's start page (`dns`): the server's zones, create, delete, undo. */
export function ZonesPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = dnsApi.useListDnsZonesQuery(args);
  const [createZone] = dnsApi.useCreateDnsZoneMutation();
  const [deleteZone] = dnsApi.useDeleteDnsZoneMutation();
  const job = useApply(dnsClient);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<ZoneSummary>();
  const [confirmRollback, setConfirmRollback] = useState(false);
  const linkTo = (z: ZoneSummary) => host.sectionPath('dns', `zones/${z.id}/modus/form${job.jobParam}`);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('zones.intro')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <WriteButton startIcon={<UndoIcon />} onClick={() => setConfirmRollback(true)}>
            {t('rollback.button')}
          </WriteButton>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('zones.create')}
          </Button>
        </Stack>
      </Stack>

      <ApplyJobBanner
        apply={job}
        title={() => t('apply.title')}
        testId="dns-job"
        renderDone={(j) => j.status === 'succeeded' && <CheckOutput validation={j.validation} />}
      />
      {list.data && <CheckerNotice checker={list.data.checker} />}

      <QueryState query={list} loadingLabel={t('zones.loading')} errorMessage={t('zones.loadFailed')}>
        {(data) => (
          <Paper variant="outlined">
            {data.data.length === 0 ? (
              <EmptyState
                title={t('zones.empty')}
                hint={t('zones.emptyHint')}
                testId="dns-zones-empty"
                action={
                  <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                    {t('zones.create')}
                  </Button>
                }
              />
            ) : (
              <ZoneTable zones={data.data} linkTo={linkTo} onDelete={setToDelete} />
            )}
          </Paper>
        )}
      </QueryState>

      <CreateZoneDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          const r = await createZone({ ...args, body });
          if ('error' in r) return host.submitErrors(r.error);
          setCreating(false);
          job.follow(r.data);
          return undefined;
        }}
      />
      <ConfirmDialog
        open={!!toDelete}
        title={t('zones.deleteConfirm.title')}
        text={t('zones.deleteConfirm.text', { origin: toDelete?.origin, count: toDelete?.recordCount })}
        confirm={t('zones.deleteConfirm.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await deleteZone({ ...args, zoneId: toDelete!.id });
          if ('error' in r) {
            host.notifyFailure(r.error);
            return undefined;
          }
          setToDelete(undefined);
          job.follow(r.data);
          return undefined;
        }}
      />
      <ConfirmDialog
        open={confirmRollback}
        color="warning"
        title={t('rollback.title')}
        text={t('rollback.text')}
        confirm={t('rollback.confirm')}
        onClose={() => setConfirmRollback(false)}
        onConfirm={async () => {
          if ((await job.rollBack()) === 'nothing') return t('rollback.nothing');
          setConfirmRollback(false);
          return undefined;
        }}
      />
    </Stack>
  );
}
