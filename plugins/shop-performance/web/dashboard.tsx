import SpeedIcon from '@mui/icons-material/Speed';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { shopPerformanceApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card (its own small chunk): p95 of the newest finished report. */
function ShopPerformanceSummary() {
  const { t } = useT();
  const host = useManagedHost();
  const { data, isLoading } = shopPerformanceApi.useListShopPerformanceReportsQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const last = data?.data.find((r) => r.status === 'done' && r.p95Ms !== null);
  return (
    <SummaryCard icon={<SpeedIcon color="action" />} title={t('title')} loading={isLoading} none={t('summary.none')} open={t('summary.open')}>
      {last && <Typography>{t('summary.last', { p95: last.p95Ms ?? 0 })}</Typography>}
    </SummaryCard>
  );
}

export default defineDashboardCard(ShopPerformanceSummary);
