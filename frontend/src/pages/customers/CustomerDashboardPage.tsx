import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useGetCustomerQuery, useListCustomersQuery } from '../../api/customers';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { CustomerDataForm } from './CustomerDataForm';
import { CustomerList } from './CustomerList';
import { PaymentSection } from './PaymentSection';
import { HandlesSection } from './HandlesSection';
import { TeamSection } from './TeamSection';
import { DocumentsSection } from './DocumentsSection';
import { DpaSection } from './DpaSection';
import { WebhooksSection } from '../webhooks/WebhooksSection';

const Loading = ({ label }: { label: string }) => (
  <Box role="status" aria-busy="true" aria-label={label}>
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} height={40} />
    ))}
  </Box>
);

/** §2 `/customers/{customerId}/edit`: the customers the user manages, and for the chosen one its data and team. */
export default function CustomerDashboardPage() {
  const { t } = useTranslation(['customers', 'common', 'errors']);
  const params = useParams();
  const customerId = Number(params.customerId);
  const valid = Number.isInteger(customerId) && customerId > 0;
  const customers = useListCustomersQuery();
  // Only a customer of the list is fetched (anything else would be a 404 in the console); a customer
  // number in the address (what the portal shows everywhere) leads to that customer's page.
  const listed = customers.data?.find((c) => c.id === customerId);
  const byNumber = !listed ? customers.data?.find((c) => c.number === customerId) : undefined;
  const customer = useGetCustomerQuery(customerId, { skip: !valid || !listed });
  useDocumentTitle(customer.data ? t('titleFor', { company: customer.data.company }) : t('title'));
  if (byNumber) return <Navigate to={`/customers/${byNumber.id}/edit`} replace />;

  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {customer.data ? t('titleFor', { company: customer.data.company }) : t('title')}
      </Typography>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="customers-heading">
          <Typography variant="h3" component="h2" id="customers-heading" sx={{ mb: 1 }}>
            {t('list.title')}
          </Typography>
          {customers.isLoading ? (
            <Loading label={t('common:loading')} />
          ) : customers.isError ? (
            <Alert severity="error">{t('list.loadError')}</Alert>
          ) : customers.data?.length ? (
            <CustomerList customers={customers.data} currentId={customerId} />
          ) : (
            <Typography color="text.secondary">{t('errors:customer_not_found')}</Typography>
          )}
        </Paper>
        {customers.data?.length && !listed ? (
          // The list above shows the user's customers: this one is not among them.
          <Alert severity="warning" role="alert">
            {t('notListed')}
          </Alert>
        ) : !valid || customer.isError ? (
          <Alert severity="warning" role="alert">
            {t('errors:customer_not_found')}
          </Alert>
        ) : customers.isError ? null : customer.isLoading || !customer.data ? (
          <Loading label={t('common:loading')} />
        ) : (
          <>
            <CustomerDataForm customer={customer.data} />
            <PaymentSection customerId={customer.data.id} />
            <DpaSection customerId={customer.data.id} />
            <DocumentsSection customerId={customer.data.id} />
            <HandlesSection customerId={customer.data.id} />
            <TeamSection customerId={customer.data.id} />
            <WebhooksSection owner={{ kind: 'customers', id: customer.data.id }} />
          </>
        )}
      </Stack>
    </Box>
  );
}
