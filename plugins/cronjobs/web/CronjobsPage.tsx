import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { cronjobsApi, type Cronjob } from './api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { CronFilePanel } from './CronFilePanel.tsx';
import { CronjobTable } from './CronjobTable.tsx';
import { userTimeZone } from './format.ts';
import { JobBanner } from './JobBanner.tsx';

/** The error message key of a failed call (`errors.managed_no_previous_version`). */
const messageOf = (e: unknown) => (e as { data?: { error?: { message?: string } } } | undefined)?.data?.error?.message;

/** The section's start page: the jobs, the running apply, the cron file, undo. */
export function CronjobsPage() {
  const { t } = useTranslation('cronjobs');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = cronjobsApi.useListCronjobsQuery(args);
  const [fileWanted, setFileWanted] = useState(false);
  const file = cronjobsApi.useGetCronjobsFileQuery(args, { skip: !fileWanted });
  const [deleteJob] = cronjobsApi.useDeleteCronjobMutation();
  const [applyFile, applying] = cronjobsApi.useApplyCronjobsMutation();
  const [rollBack] = cronjobsApi.useRollBackCronjobsMutation();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const [toDelete, setToDelete] = useState<Cronjob>();
  const [confirmRollback, setConfirmRollback] = useState(false);
  const timeZone = userTimeZone();

  const follow = (id: number) => setParams({ job: String(id) }, { replace: true });
  const refresh = () => {
    void list.refetch();
    if (fileWanted) void file.refetch();
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('list.intro')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button startIcon={<UndoIcon />} onClick={() => setConfirmRollback(true)}>
            {t('rollback.button')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('cronjobs', 'create')}>
            {t('list.create')}
          </Button>
        </Stack>
      </Stack>

      {jobId && <JobBanner key={jobId} jobId={jobId} onFinished={refresh} onClose={() => setParams({}, { replace: true })} />}

      {list.isLoading && <LinearProgress aria-label={t('list.loading')} />}
      {list.isError && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void list.refetch()}>{t('list.retry')}</Button>}>
          {t('list.loadFailed')}
        </Alert>
      )}
      {list.data && (
        <>
          <Paper variant="outlined">
            {list.data.data.length === 0 ? (
              <Box sx={{ p: 4, textAlign: 'center' }} data-testid="cronjobs-empty">
                <Typography variant="h6" component="p">
                  {t('list.empty')}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {t('list.emptyHint')}
                </Typography>
                <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('cronjobs', 'create')}>
                  {t('list.create')}
                </Button>
              </Box>
            ) : (
              <CronjobTable
                jobs={list.data.data}
                caption={t('list.caption', { server: host.server.name })}
                timeZone={timeZone}
                onDelete={setToDelete}
                editPath={(job) => host.sectionPath('cronjobs', String(job.id))}
              />
            )}
          </Paper>
          <Typography variant="body2" color="text.secondary">
            <Trans t={t} i18nKey="list.timeZone" values={{ server: list.data.timeZone, user: timeZone }} components={{ strong: <strong /> }} />
          </Typography>
        </>
      )}

      <CronFilePanel
        file={file.data}
        loading={file.isFetching}
        onOpen={() => setFileWanted(true)}
        applying={applying.isLoading}
        onApply={async () => {
          const r = await applyFile(args);
          if ('error' in r) host.notifyFailure(r.error);
          else follow(r.data.id);
        }}
      />

      <ConfirmDialog
        open={!!toDelete}
        title={t('delete.title')}
        text={toDelete ? t('delete.text', { command: toDelete.command, schedule: toDelete.schedule, user: toDelete.user }) : ''}
        confirm={t('delete.confirm')}
        cancel={t('delete.cancel')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await deleteJob({ ...args, cronjobId: toDelete!.id });
          setToDelete(undefined);
          if ('error' in r) host.notifyFailure(r.error);
          else follow(r.data.id);
        }}
      />
      <ConfirmDialog
        open={confirmRollback}
        title={t('rollback.title')}
        text={t('rollback.text')}
        confirm={t('rollback.confirm')}
        cancel={t('rollback.cancel')}
        color="warning"
        onClose={() => setConfirmRollback(false)}
        onConfirm={async () => {
          const r = await rollBack(args);
          setConfirmRollback(false);
          if ('error' in r) {
            if (messageOf(r.error) === 'errors.managed_no_previous_version') host.notify('info', t('rollback.none'));
            else host.notifyFailure(r.error);
          } else follow(r.data.id);
        }}
      />
    </Stack>
  );
}
