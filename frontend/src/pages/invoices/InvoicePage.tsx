import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { apiError } from '../../api/baseApi';
import { invoiceEInvoiceUrl, invoicePdfUrl, useCreateInvoicePublicLinkMutation, useGetInvoiceQuery, type InvoiceDetail } from '../../api/invoices';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useAppDispatch } from '../../store';
import { callErrorMessage, notifySuccess, translateServerMessage } from '../../ui/notify';
import NotFoundPage from '../NotFoundPage';
import { useBillingFormat } from '../contracts/format';
import { InvoicePositions, InvoiceSummaryView, useInvoiceTitle } from './InvoiceView';

/** §2 `/invoices/{id}` (overview with PDF and public link) and `/invoices/{id}/details` (positions). */
export default function InvoicePage({ details = false }: { details?: boolean }) {
  const { invoiceId } = useParams();
  const id = Number(invoiceId);
  const { t } = useTranslation('billing');
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isLoading } = useGetInvoiceQuery(id, { skip: !valid });
  useDocumentTitle(useInvoiceTitle(data));
  if (!valid) return <NotFoundPage />;
  const back = (
    <Button component={RouterLink} to="/invoices" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      {t('invoices.back')}
    </Button>
  );
  if (isLoading)
    return (
      <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        <Skeleton height={48} width="40%" />
        <Skeleton height={200} />
      </Box>
    );
  if (error || !data)
    return (
      <Box>
        {back}
        <Alert severity="error">{apiError(error)?.code === 'not_found' ? translateServerMessage('errors.invoice_not_found') : t('invoice.loadError')}</Alert>
      </Box>
    );
  return (
    <Box>
      {back}
      <InvoiceSummaryView invoice={data} pdfUrl={(l) => invoicePdfUrl(data.id, l)} eInvoiceUrl={(format) => invoiceEInvoiceUrl(data.id, format)} actions={details ? undefined : <PublicLinkSection invoice={data} />} />
      <Box sx={{ mt: 2 }}>
        {details ? (
          <Button component={RouterLink} to={`/invoices/${data.id}`}>
            {t('invoice.overview')}
          </Button>
        ) : (
          <Button component={RouterLink} to={`/invoices/${data.id}/details`} variant="outlined">
            {t('invoice.details')}
          </Button>
        )}
      </Box>
      {details && <InvoicePositions invoice={data} />}
    </Box>
  );
}

function PublicLinkSection({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const dispatch = useAppDispatch();
  const [create, state] = useCreateInvoicePublicLinkMutation();
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const link = invoice.publicLink;
  const run = async () => {
    setError(undefined);
    const result = await create(invoice.id);
    if ('error' in result) setError(callErrorMessage(result.error));
    else setUrl(result.data.url);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label={t('invoice.publicLink')}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('invoice.publicLink')}
      </Typography>
      <Typography data-testid="public-link-state" data-state={link.state}>
        {link.state === 'none' ? t('invoice.linkNone') : t(link.state === 'active' ? 'invoice.linkActive' : 'invoice.linkExpired', { date: f.dateTime(link.expiresAt!) })}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {url && (
        <Box sx={{ mt: 2 }}>
          <Alert severity="success" sx={{ mb: 1 }}>
            {t('invoice.linkCreated')}
          </Alert>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField label={t('invoice.linkLabel')} value={url} size="small" sx={{ flexGrow: 1, minWidth: 240 }} slotProps={{ htmlInput: { readOnly: true } }} />
            <Button onClick={() => void navigator.clipboard?.writeText(url).then(() => dispatch(notifySuccess('billing:invoice.copied')))}>{t('invoice.copy')}</Button>
          </Box>
        </Box>
      )}
      <Button sx={{ mt: 2 }} variant="outlined" onClick={() => void run()} disabled={state.isLoading}>
        {link.state === 'none' ? t('invoice.createLink') : t('invoice.renewLink')}
      </Button>
    </Paper>
  );
}
