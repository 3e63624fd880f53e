import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../../api/clusters';
import { clusterDocumentUrl, useListClusterDocumentsQuery } from '../../../api/customers';
import { DocumentTable } from '../DocumentTable';

/** The documents of one cluster of the overview (§2 "documents"): contract and order confirmation. */
export function ClusterDocumentsDialog({ cluster, onClose }: { cluster: ClusterSummary; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'errors']);
  const { data, isLoading, isError } = useListClusterDocumentsQuery(cluster.id);
  const title = t('clusterDocuments.title', { name: `${cluster.name} (${cluster.number})` });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="cluster-documents-title">
      <DialogTitle id="cluster-documents-title">{title}</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Skeleton height={80} />
        ) : isError || !data ? (
          <Alert severity="error">{t('errors:documents_customer_load_failed')}</Alert>
        ) : (
          <DocumentTable documents={data} urlOf={(d) => clusterDocumentUrl(cluster.id, d.id)} label={title} emptyText={t('clusterDocuments.empty')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('clusterDocuments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
