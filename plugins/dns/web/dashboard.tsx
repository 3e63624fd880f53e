import DnsIcon from '@mui/icons-material/Dns';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { dnsApi } from '../generated/client.ts';
import type { ZoneList } from './model.ts';
import { useT } from '../generated/i18n.ts';

/** The card's content (presentational). */
export function DnsSummaryContent({ data }: { data: ZoneList }) {
  const { t } = useT();
  const zones = data.data;
  if (!zones.length) return <Typography color="text.secondary">{t('summary.none')}</Typography>;
  const records = zones.reduce((n, z) => n + z.recordCount, 0);
  const pending = zones.filter((z) => z.appliedSerial !== z.serial).length;
  return (
    <Stack spacing={0.5}>
      <Typography>{t('summary.count', { count: zones.length, records })}</Typography>
      <Typography variant="body2" color={pending ? 'warning.main' : 'text.secondary'}>
        {pending ? t('summary.pending', { count: pending }) : t('summary.allApplied')}
      </Typography>
      {!data.checker.available && (
        <Typography variant="body2" color="text.secondary">
          {t('summary.unchecked')}
        </Typography>
      )}
    </Stack>
  );
}

/** The server dashboard's card: zones, records, whether everything is applied. */
function DnsSummary() {
  const { t } = useT();
  const host = useManagedHost();
  const { data, isLoading, isError } = dnsApi.useListDnsZonesQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <Card variant="outlined" component="section" aria-labelledby="dns-summary-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <DnsIcon color="action" />
          <Typography variant="h6" component="h3" id="dns-summary-title">
            {t('summary.title')}
          </Typography>
        </Stack>
        {isLoading && <Skeleton width="60%" />}
        {isError && <Typography color="text.secondary">{t('zones.loadFailed')}</Typography>}
        {data && <DnsSummaryContent data={data} />}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath('dns')}>
          {t('summary.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The card of the server's dashboard: its own small chunk (`web/dashboard.tsx`). */
export default defineDashboardCard(DnsSummary);
