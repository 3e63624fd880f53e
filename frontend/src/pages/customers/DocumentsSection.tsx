import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { customerDocumentUrl, useListCustomerDocumentsQuery } from '../../api/customers';
import { DocumentTable } from './DocumentTable';

/** §2 Documents: customer-related and general documents; §8 load errors per list. */
export function DocumentsSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation(['customers', 'errors']);
  const { data, isLoading, isError } = useListCustomerDocumentsQuery(customerId);
  const urlOf = (d: { id: number }) => customerDocumentUrl(customerId, d.id);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="documents-heading">
      <Typography variant="h3" component="h2" id="documents-heading" sx={{ mb: 1 }}>
        {t('documents.title')}
      </Typography>
      {isLoading ? (
        <Skeleton height={120} />
      ) : isError || !data ? (
        <Stack spacing={1}>
          <Alert severity="error">{t('errors:documents_customer_load_failed')}</Alert>
          <Alert severity="error">{t('errors:documents_general_load_failed')}</Alert>
        </Stack>
      ) : (
        <Stack spacing={3}>
          <div>
            <Typography variant="h4" component="h3" sx={{ mb: 1, fontSize: '1.05rem' }}>
              {t('documents.customer')}
            </Typography>
            <DocumentTable documents={data.customer} urlOf={urlOf} label={t('documents.customer')} emptyText={t('documents.empty')} />
          </div>
          <div>
            <Typography variant="h4" component="h3" sx={{ mb: 1, fontSize: '1.05rem' }}>
              {t('documents.general')}
            </Typography>
            <DocumentTable documents={data.general} urlOf={urlOf} label={t('documents.general')} emptyText={t('documents.empty')} />
          </div>
        </Stack>
      )}
    </Paper>
  );
}
