import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Order } from './ordersApi';
import { FactList } from './FactList';

/** The new customer's data in the check-order summary and the order detail (IBAN masked by the server or here). */
export function NewCustomerFacts({ customer }: { customer: NonNullable<NonNullable<Order['cluster']>['newCustomer']> }) {
  const { t } = useTranslation(['orders', 'customers']);
  const rows: [string, string | null][] = [
    [t('customers:data.company'), customer.company],
    [t('customers:data.department'), customer.department],
    [t('orders:wizard.customer.address'), `${customer.street}, ${customer.zip} ${customer.city}, ${customer.country.toUpperCase()}`],
    [t('customers:data.phone'), customer.phone],
    [t('customers:data.invoiceEmails'), customer.invoiceEmails],
    [t('customers:data.vatId'), customer.vatId],
    [t('customers:data.referenceSign'), customer.referenceSign],
    [t('customers:payment.method'), t(`customers:payment.methods.${customer.paymentMethod}`)],
    [t('orders:wizard.customer.bankName'), customer.bankName],
    [t('customers:payment.accountHolder'), customer.accountHolder],
    [t('customers:payment.iban'), customer.ibanMasked],
    [t('customers:payment.bic'), customer.bic],
  ];
  return (
    <Box component="section" aria-labelledby="new-customer-facts" sx={{ mt: 2 }} data-testid="new-customer-facts">
      <Typography variant="h3" id="new-customer-facts" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('orders:wizard.customer.newTitle')}
      </Typography>
      <FactList rows={rows.filter((r): r is [string, string] => !!r[1])} />
    </Box>
  );
}
