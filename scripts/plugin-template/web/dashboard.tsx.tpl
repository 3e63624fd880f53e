import ExtensionIcon from '@mui/icons-material/Extension';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineDashboardCard, useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { __camel__Api } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The server dashboard's card (its own small chunk): how many entries. */
function __Pascal__Summary() {
  const { t } = useT();
  const host = useManagedHost();
  const { data, isLoading } = __camel__Api.useList__Pascal__ItemsQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <Card variant="outlined" component="section" aria-labelledby="__id__-summary-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <ExtensionIcon color="action" />
          <Typography variant="h6" component="h3" id="__id__-summary-title">
            {t('title')}
          </Typography>
        </Stack>
        {isLoading ? <Skeleton width="60%" /> : <Typography>{data?.total ? t('summary.count', { count: data.total }) : t('summary.none')}</Typography>}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath('__id__')}>
          {t('summary.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

export default defineDashboardCard(__Pascal__Summary);
