import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerSummary } from '../../api/customers';
import { useOffersRoute } from '../../demo/api';

/**
 * On the dashboard: the customers the user manages, each with a way into its customer dashboard (§2). Nothing for
 * pure administrators. The page fetches the list (it shows its cards only once both lists are there: no layout shift).
 */
export function ManagedCustomersCard({ data }: { data: CustomerSummary[] | undefined }) {
  const { t } = useTranslation('customers');
  // Demo mode does not show the customer pages (§4).
  const offers = useOffersRoute();
  if (!data?.length || !offers('/customers')) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="managed-customers-heading">
      <Typography variant="h2" id="managed-customers-heading" sx={{ mb: 1 }}>
        {t('list.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {data.map((c) => (
          <Button key={c.id} component={Link} to={`/customers/${c.id}/edit`} variant="outlined" data-testid={`edit-customer-${c.number}`}>
            {t('list.edit', { company: c.company, number: c.number })}
          </Button>
        ))}
      </Box>
    </Paper>
  );
}
