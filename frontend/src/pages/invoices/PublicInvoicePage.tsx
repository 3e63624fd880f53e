import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { apiError } from '../../api/baseApi';
import { publicInvoicePdfUrl, useGetPublicInvoiceQuery } from '../../api/invoices';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { InvoicePositions, InvoiceSummaryView, useInvoiceTitle } from './InvoiceView';

/** §2 `/invoice/public/{token}`: an invoice through its public link, without sign-in. */
export default function PublicInvoicePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('billing');
  const { data, error, isLoading } = useGetPublicInvoiceQuery(token);
  useDocumentTitle(useInvoiceTitle(data));
  if (isLoading)
    return (
      <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        <Skeleton height={48} width="40%" />
        <Skeleton height={200} />
      </Box>
    );
  if (error || !data)
    return <Alert severity="error">{apiError(error)?.code === 'not_found' ? t('invoice.publicNotFound') : t('invoice.loadError')}</Alert>;
  return (
    <Box>
      <InvoiceSummaryView invoice={data} pdfUrl={(l) => publicInvoicePdfUrl(token, l)} />
      <InvoicePositions invoice={data} />
    </Box>
  );
}

/** Legacy links `/invoice/public#token/{token}` are rewritten to `/invoice/public/{token}` (§2). */
export function LegacyPublicInvoiceRedirect() {
  const { hash } = useLocation();
  const { t } = useTranslation('billing');
  const token = /^#token\/([A-Za-z0-9_-]+)$/.exec(hash)?.[1];
  if (!token) return <Alert severity="error">{t('invoice.publicNotFound')}</Alert>;
  return <Navigate to={`/invoice/public/${token}`} replace />;
}
