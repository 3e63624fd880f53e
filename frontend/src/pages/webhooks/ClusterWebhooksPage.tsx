import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { WebhooksSection } from './WebhooksSection';

/** `/clusters/{clusterId}/webhooks`: the cluster's settings for its administrators — its outgoing webhooks (issue 30). */
export default function ClusterWebhooksPage() {
  const { t } = useTranslation(['webhooks', 'common', 'errors']);
  const clusterId = Number(useParams().clusterId);
  useDocumentTitle(t('clusterTitle'));
  if (!Number.isInteger(clusterId) || clusterId < 1)
    return (
      <Alert severity="warning" role="alert">
        {t('errors:cluster_not_found', { defaultValue: t('loadError') })}
      </Alert>
    );
  return (
    <Box>
      <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/" underline="hover" color="inherit">
          {t('dashboard')}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {t('clusterTitle')}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '1.5rem', sm: undefined } }}>
        {t('clusterTitle')}
      </Typography>
      <WebhooksSection owner={{ kind: 'clusters', id: clusterId }} />
    </Box>
  );
}
