import KeyIcon from '@mui/icons-material/Key';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { sshApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card: how many keys for which users. */
function SshSummary() {
  const { t, language } = useT();
  const host = useManagedHost();
  const { data, isLoading } = sshApi.useListSshKeysQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const keys = data?.data ?? [];
  const users = new Intl.ListFormat(language, { type: 'conjunction' }).format([...new Set(keys.map((k) => k.user))]);
  return (
    <SummaryCard icon={<KeyIcon color="action" />} title={t('summary.title')} loading={isLoading} none={t('summary.none')} open={t('summary.open')}>
      {keys.length > 0 && <Typography>{t('summary.count', { count: keys.length, users })}</Typography>}
    </SummaryCard>
  );
}

export default defineDashboardCard(SshSummary);
