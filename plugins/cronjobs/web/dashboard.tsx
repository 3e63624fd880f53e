import ScheduleIcon from '@mui/icons-material/Schedule';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, formatDateTime, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { cronjobsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card (its own small chunk): how many jobs, how many active, the next run. */
function CronjobsSummary() {
  const { t, language } = useT();
  const host = useManagedHost();
  const { data, isLoading } = cronjobsApi.useListCronjobsQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const jobs = data?.data ?? [];
  const next = jobs.flatMap((j) => j.nextRuns.slice(0, 1)).sort()[0];
  return (
    <SummaryCard icon={<ScheduleIcon color="action" />} title={t('summary.title')} loading={isLoading} none={t('summary.none')} open={t('summary.open')}>
      {jobs.length > 0 && (
        <>
          <Typography>{t('summary.count', { count: jobs.length, enabled: jobs.filter((j) => j.enabled).length })}</Typography>
          {next && (
            <Typography variant="body2" color="text.secondary">
              {t('summary.next', { time: formatDateTime(next, language) })}
            </Typography>
          )}
        </>
      )}
    </SummaryCard>
  );
}

export default defineDashboardCard(CronjobsSummary);
