import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { sshApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card: how many keys for which users. */
function SshSummary() {
  const { t, language } = useT();
  const host = useManagedHost();
  const { data, isLoading } = sshApi.useListSshKeysQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const keys = data?.data ?? [];
  const users = [...new Set(keys.map((k) => k.user))];
  return (
    <Card variant="outlined" component="section" aria-labelledby="ssh-summary-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <KeyIcon color="action" />
          <Typography variant="h6" component="h3" id="ssh-summary-title">
            {t('summary.title')}
          </Typography>
        </Stack>
        {isLoading ? (
          <Skeleton width="60%" />
        ) : keys.length ? (
          <Typography>
            {t('summary.count', { count: keys.length, users: new Intl.ListFormat(language, { type: 'conjunction' }).format(users) })}
          </Typography>
        ) : (
          <Typography color="text.secondary">{t('summary.none')}</Typography>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath('ssh')}>
          {t('summary.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

export default defineDashboardCard(SshSummary);
