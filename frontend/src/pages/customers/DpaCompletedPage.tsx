import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { customerDocumentUrl, useGetCustomerDpaQuery, useGetCustomerQuery } from '../../api/customers';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { DownloadButton } from './DownloadButton';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

/** §2 "DPA conclusion and a completion page": what was concluded, that every manager got it by e-mail, the PDF. */
export default function DpaCompletedPage() {
  const { t, i18n } = useTranslation(['customers', 'errors']);
  const customerId = Number(useParams().customerId);
  const valid = Number.isInteger(customerId) && customerId > 0;
  const customer = useGetCustomerQuery(customerId, { skip: !valid });
  const dpa = useGetCustomerDpaQuery(customerId, { skip: !valid });
  useDocumentTitle(t('dpa.completed.title'));
  const latest = dpa.data?.conclusions[0];
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'long', timeStyle: 'short' });
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {t('dpa.completed.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {!valid || customer.isError || dpa.isError ? (
          <Alert severity="warning">{t('errors:customer_not_found')}</Alert>
        ) : !dpa.data || !customer.data ? (
          <Skeleton height={120} />
        ) : dpa.data.state !== 'concluded' || !latest ? (
          <Alert severity="warning">{t('dpa.completed.notConcluded')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CheckCircleOutline color="success" aria-hidden />
              <Typography role="status">
                {t('dpa.completed.text', { company: customer.data.company, version: latest.version, name: latest.concludedBy, date: when.format(new Date(latest.concludedAt)) })}
              </Typography>
            </Box>
            <Typography>{t('dpa.completed.mailed')}</Typography>
            {latest.documentId && (
              <DownloadButton variant="outlined" url={customerDocumentUrl(customerId, latest.documentId)} fileName={`dpa-${latest.version}.pdf`} label={t('dpa.downloadVersion', { version: latest.version })}>
                {t('dpa.downloadVersion', { version: latest.version })}
              </DownloadButton>
            )}
            <Button component={RouterLink} to={`/customers/${customerId}/edit`} variant="contained">
              {t('dpa.completed.back')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
