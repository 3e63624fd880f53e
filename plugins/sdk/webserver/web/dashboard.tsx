import LanguageIcon from '@mui/icons-material/Language';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SummaryCard } from '../../web/kit/SummaryCard.tsx';
import { useManagedHost } from '../../web/runtime.tsx';
import { webServerApi, type WebServerApiObject, useFamilyT } from './context.tsx';
import type { WebServerStatus } from './model.ts';

/** The card's content (presentational). */
export function WebServerSummary({ pluginId, status }: { pluginId: string; status: WebServerStatus }) {
  const { t } = useFamilyT(pluginId);
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

/**
 * A member's card on the server's dashboard (its `web/dashboard.tsx`, a chunk of its own: this module
 * imports only the card's frame and the status), e.g.
 * `defineDashboardCard(() => <WebServerCard pluginId="nginx" api={nginxApi} />)`.
 */
export function WebServerCard({ pluginId, api, icon = <LanguageIcon color="action" /> }: { pluginId: string; api: WebServerApiObject; icon?: ReactNode }) {
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const status = webServerApi(api, pluginId).useStatus({ clusterId: host.cluster.id, serverId: host.server.id });
  // The status always answers with data, so "nothing to show" only happens when it failed to load.
  return (
    <SummaryCard
      icon={icon}
      title={t('title')}
      loading={status.isLoading}
      none={t('list.loadFailed')}
      open={t('dashboard.open')}
    >
      {status.data && <WebServerSummary pluginId={pluginId} status={status.data} />}
    </SummaryCard>
  );
}
