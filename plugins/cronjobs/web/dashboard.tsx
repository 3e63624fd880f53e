import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { cronjobsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { formatRun } from './format.ts';

/** The server dashboard's card (its own small chunk): how many jobs, how many active, the next run. */
function CronjobsSummary() {
  const { t, language } = useT();
  const host = useManagedHost();
  const { data, isLoading } = cronjobsApi.useListCronjobsQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const jobs = data?.data ?? [];
  const next = jobs.flatMap((j) => j.nextRuns.slice(0, 1)).sort()[0];
  return (
    <Card variant="outlined" component="section" aria-labelledby="cronjobs-summary-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <ScheduleIcon color="action" />
          <Typography variant="h6" component="h3" id="cronjobs-summary-title">
            {t('summary.title')}
          </Typography>
        </Stack>
        {isLoading ? (
          <Skeleton width="60%" />
        ) : jobs.length ? (
          <>
            <Typography>{t('summary.count', { count: jobs.length, enabled: jobs.filter((j) => j.enabled).length })}</Typography>
            {next && (
              <Typography variant="body2" color="text.secondary">
                {t('summary.next', { time: formatRun(next, language) })}
              </Typography>
            )}
          </>
        ) : (
          <Typography color="text.secondary">{t('summary.none')}</Typography>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath('cronjobs')}>
          {t('summary.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

export default defineDashboardCard(CronjobsSummary);
