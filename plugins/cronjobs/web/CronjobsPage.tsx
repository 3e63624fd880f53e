import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyJobBanner, ConfirmDialog, EmptyState, QueryState, RenderedFilesPanel, SectionHeader, useApply, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { cronjobsApi, cronjobsClient } from '../generated/client.ts';
import { CronjobTable, type Cronjob } from './CronjobTable.tsx';
import { userTimeZone } from './format.ts';

/** The section's start page: the jobs, the running apply, the cron file, undo. */
export function CronjobsPage() {
  const { t } = useTranslation('cronjobs');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = cronjobsApi.useListCronjobsQuery(args);
  const [deleteJob] = cronjobsApi.useDeleteCronjobMutation();
  const apply = useApply(cronjobsClient);
  const [toDelete, setToDelete] = useState<Cronjob>();
  const timeZone = userTimeZone();
  const create = (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('cronjobs', 'create')}>
      {t('list.create')}
    </Button>
  );

  return (
    <Stack spacing={3}>
      <SectionHeader apply={apply} intro={t('list.intro')} rollBackText={t('rollback.text')} create={{ label: t('list.create'), to: host.sectionPath('cronjobs', 'create') }} />

      <ApplyJobBanner apply={apply} />

      <QueryState query={list}>
        {(data) => (
          <>
            <Paper variant="outlined">
              <CronjobTable
                jobs={data.data}
                caption={t('list.caption', { server: host.server.name })}
                timeZone={timeZone}
                onDelete={setToDelete}
                editPath={(job) => host.sectionPath('cronjobs', String(job.id))}
                empty={<EmptyState title={t('list.empty')} hint={t('list.emptyHint')} action={create} testId="cronjobs-empty" />}
              />
            </Paper>
            <Typography variant="body2" color="text.secondary">
              <Trans t={t} i18nKey="list.timeZone" values={{ server: data.timeZone, user: timeZone }} components={{ strong: <strong /> }} />
            </Typography>
          </>
        )}
      </QueryState>

      <RenderedFilesPanel apply={apply} title={t('file.title')} />

      <ConfirmDialog
        open={!!toDelete}
        title={t('delete.title')}
        text={toDelete ? t('delete.text', { command: toDelete.command, schedule: toDelete.schedule, user: toDelete.user }) : ''}
        confirm={t('delete.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          await apply.track(deleteJob({ ...args, cronjobId: toDelete!.id }));
          setToDelete(undefined);
        }}
      />
    </Stack>
  );
}
