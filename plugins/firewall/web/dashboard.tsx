import SecurityIcon from '@mui/icons-material/Security';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { firewallApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card (its own small chunk): how many rules. */
function FirewallSummary() {
  const { t } = useT();
  const host = useManagedHost();
  const { data, isLoading } = firewallApi.useListFirewallRulesQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <SummaryCard
      icon={<SecurityIcon color="action" />}
      title={t('title')}
      loading={isLoading}
      none={t('summary.none')}
      open={t('summary.open')}
    >
      {!!data?.total && <Typography>{t('summary.count', { count: data.total })}</Typography>}
    </SummaryCard>
  );
}

export default defineDashboardCard(FirewallSummary);
