import LanguageIcon from '@mui/icons-material/Language';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, SummaryCard, useManagedHost } from '@portal/plugin-sdk/web';
import { useTranslation } from 'react-i18next';
import { nginxApi } from '../generated/client.ts';
import { type NginxStatus } from './model.ts';

/** The card's content (presentational). */
export function NginxSummary({ status }: { status: NginxStatus }) {
  const { t } = useTranslation('nginx');
  const { vhosts, redirects, authentications } = status.counts;
  return (
    <Stack spacing={1}>
      <Typography>
        {[
          t('dashboard.counts.vhosts', { count: vhosts }),
          t('dashboard.counts.redirects', { count: redirects }),
          t('dashboard.counts.authentications', { count: authentications }),
        ].join(' · ')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={status.service.state === 'running' ? 'success' : 'default'}
          label={t(`status.service.${status.service.state}`)}
        />
        {status.pending ? (
          <Chip size="small" color="warning" label={t('dashboard.pending')} />
        ) : (
          status.lastApplied && (
            <Chip size="small" variant="outlined" label={t('dashboard.version', { version: status.lastApplied.version })} />
          )
        )}
      </Stack>
    </Stack>
  );
}

/** The nginx card on the server's dashboard. */
function DashboardPanel() {
  const { t } = useTranslation('nginx');
  const host = useManagedHost();
  const status = nginxApi.useGetNginxStatusQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  // The status always answers with data, so "nothing to show" only happens when it failed to load.
  return (
    <SummaryCard
      icon={<LanguageIcon color="action" />}
      title={t('title')}
      loading={status.isLoading}
      none={t('list.loadFailed')}
      open={t('dashboard.open')}
    >
      {status.data && <NginxSummary status={status.data} />}
    </SummaryCard>
  );
}

/** The card of the server's dashboard: its own small chunk (`web/dashboard.tsx`). */
export default defineDashboardCard(DashboardPanel);
