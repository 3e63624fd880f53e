import SecurityIcon from '@mui/icons-material/Security';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { shopSecurityApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card (its own small chunk): the findings of the newest finished scan. */
function ShopSecuritySummary() {
  const { t } = useT();
  const host = useManagedHost();
  const { data, isLoading } = shopSecurityApi.useListShopSecurityReportsQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const last = data?.data.find((r) => r.status === 'done');
  return (
    <SummaryCard icon={<SecurityIcon color="action" />} title={t('title')} loading={isLoading} none={t('summary.none')} open={t('summary.open')}>
      {last && <Typography>{t('summary.last', { critical: last.counts.critical + last.counts.high, count: last.counts.critical + last.counts.high + last.counts.medium + last.counts.low })}</Typography>}
    </SummaryCard>
  );
}

export default defineDashboardCard(ShopSecuritySummary);
