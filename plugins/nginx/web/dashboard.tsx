import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, useManagedHost } from '@portal/plugin-sdk/web';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { nginxApi } from '../generated/client.ts';
import { type NginxStatus } from './model.ts';

/** The card's content (presentational). */
export function NginxSummary({ status }: { status: NginxStatus }) {
  const { t } = useTranslation('nginx');
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {t('dashboard.counts', {
          vhosts: status.counts.vhosts,
          redirects: status.counts.redirects,
          authentications: status.counts.authentications,
        })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
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
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        {status.data ? (
          <NginxSummary status={status.data} />
        ) : status.isError ? (
          <Typography color="error">{t('list.loadFailed')}</Typography>
        ) : (
          <Skeleton variant="rounded" height={56} />
        )}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath('nginx')}>
          {t('dashboard.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The card of the server's dashboard: its own small chunk (`web/dashboard.tsx`). */
export default defineDashboardCard(DashboardPanel);
