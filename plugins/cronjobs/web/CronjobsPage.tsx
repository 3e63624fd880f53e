import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyJobBanner, ConfirmDialog, EmptyState, QueryState, RenderedFilesPanel, SectionHeader, useApply, useConfirm, useManagedHost, userTimeZone } from '@portal/plugin-sdk/web';
import { Trans, useTranslation } from 'react-i18next';
import { cronjobsApi, cronjobsClient } from '../generated/client.ts';
import { CronjobTable, type Cronjob } from './CronjobTable.tsx';

/** The section's start page: the jobs, the running apply, the cron file, undo. */
export function CronjobsPage() {
  const { t } = useTranslation('cronjobs');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = cronjobsApi.useListCronjobsQuery(args);
  const [deleteJob] = cronjobsApi.useDeleteCronjobMutation();
  const apply = useApply(cronjobsClient);
  const del = useConfirm<Cronjob>();
  const timeZone = userTimeZone();

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
                onDelete={del.ask}
                editPath={(job) => host.sectionPath('cronjobs', String(job.id))}
                empty={<EmptyState title={t('list.empty')} hint={t('list.emptyHint')} testId="cronjobs-empty" />}
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
        {...del.dialog}
        title={t('delete.title')}
        text={del.item ? t('delete.text', { command: del.item.command, schedule: del.item.schedule, user: del.item.user }) : ''}
        confirm={t('delete.confirm')}
        onConfirm={() => del.run((job) => apply.track(deleteJob({ ...args, cronjobId: job.id })))}
      />
    </Stack>
  );
}
