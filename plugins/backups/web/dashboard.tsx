import BackupIcon from '@mui/icons-material/Backup';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { backupsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card (its own small chunk): how many plans. */
function BackupsSummary() {
  const { t } = useT();
  const host = useManagedHost();
  const { data, isLoading } = backupsApi.useListBackupPlansQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <SummaryCard icon={<BackupIcon color="action" />} title={t('title')} loading={isLoading} none={t('summary.none')} open={t('summary.open')}>
      {!!data?.total && <Typography>{t('summary.count', { count: data.total })}</Typography>}
    </SummaryCard>
  );
}

export default defineDashboardCard(BackupsSummary);
