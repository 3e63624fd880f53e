import DataObjectIcon from '@mui/icons-material/DataObject';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { QueryOf } from '@portal/openapi';
import { invoiceEInvoiceUrl, invoicePdfUrl, useListInvoicesQuery, type InvoiceSummary } from '../../api/invoices';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useBillingFormat } from '../contracts/format';

type Query = QueryOf<'listInvoices'>;
const statuses = ['open', 'paid', 'overdue', 'cancelled', 'credited'] as const;
const sorts = [
  ['-date', 'sortNewest'],
  ['date', 'sortOldest'],
  ['-number', 'sortNumberDesc'],
  ['number', 'sortNumberAsc'],
] as const;

export const invoiceStatusColor = (s: string): 'success' | 'warning' | 'error' | 'default' | 'info' =>
  s === 'paid' ? 'success' : s === 'open' ? 'warning' : s === 'overdue' ? 'error' : s === 'credited' ? 'info' : 'default';

/**
 * The row's downloads, one click each (issue 31): the PDF in the user's language and the XRechnung (XML); the
 * ZUGFeRD/Factur-X file and the other language are on the invoice page. Plain links: the browser sends the session.
 */
function InvoiceDownloads({ invoice }: { invoice: InvoiceSummary }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language.startsWith('en') ? 'en' : 'de';
  const pdf = t('invoices.downloadPdf', { number: invoice.number });
  const xml = t('invoices.downloadXRechnung', { number: invoice.number });
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Tooltip title={pdf}>
        <IconButton size="small" component="a" href={invoicePdfUrl(invoice.id, language)} download={`${invoice.number}.pdf`} aria-label={pdf}>
          <PictureAsPdfIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={xml}>
        <IconButton size="small" component="a" href={invoiceEInvoiceUrl(invoice.id, 'xrechnung')} download={`${invoice.number}-xrechnung.xml`} aria-label={xml}>
          <DataObjectIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** §2 `/invoices`: the customer's invoices, newest first, with number search, status filter, sort and keyset pages. */
export default function InvoicesPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('invoices.title'));
  const f = useBillingFormat();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'' | (typeof statuses)[number]>('');
  const [sort, setSort] = useState<NonNullable<Query['sort']>>('-date');
  // Keyset pages: the cursors of the pages walked so far (the first page has none).
  const [cursors, setCursors] = useState<string[]>([]);
  const deferred = useDeferredValue(search.trim());
  const reset = () => setCursors([]);
  const cursor = cursors.at(-1);
  const { data, isLoading, isFetching, isError } = useListInvoicesQuery({
    per_page: 25,
    sort,
    ...(deferred ? { search: deferred } : {}),
    ...(status ? { status } : {}),
    ...(cursor ? { cursor } : {}),
  });
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {t('invoices.title')}
        {data && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
            {data.meta.totalCapped ? t('invoices.countCapped', { count: data.meta.total }) : t('invoices.count', { count: data.meta.total })}
          </Typography>
        )}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('invoices.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              reset();
            }}
            slotProps={{ htmlInput: { maxLength: 32 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
          <TextField select size="small" label={t('invoices.status')} value={status} onChange={(e) => { setStatus(e.target.value as typeof status); reset(); }} sx={{ minWidth: 170 }}>
            <MenuItem value="">{t('invoices.allStatuses')}</MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`invoices.statusValue.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('invoices.sort')} value={sort} onChange={(e) => { setSort(e.target.value as typeof sort); reset(); }} sx={{ minWidth: 190 }}>
            {sorts.map(([value, key]) => (
              <MenuItem key={value} value={value}>
                {t(`invoices.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {isLoading ? (
          <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : isError ? (
          <Alert severity="error">{t('invoices.error')}</Alert>
        ) : data && data.data.length > 0 ? (
          <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            <TableContainer>
              <Table size="small" aria-label={t('invoices.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('invoices.number')}</TableCell>
                    {/* Next to the number, so the downloads stay in view on a phone without scrolling the table. */}
                    <TableCell>{t('invoices.downloads')}</TableCell>
                    <TableCell>{t('invoices.date')}</TableCell>
                    <TableCell>{t('invoices.due')}</TableCell>
                    <TableCell align="right">{t('invoices.net')}</TableCell>
                    <TableCell align="right">{t('invoices.gross')}</TableCell>
                    <TableCell>{t('invoices.status')}</TableCell>
                    <TableCell>{t('invoices.paymentMethod')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((i) => (
                    <TableRow key={i.id} hover data-invoice={i.number}>
                      <TableCell>
                        <Link component={RouterLink} to={`/invoices/${i.id}`}>
                          {i.number}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ py: 0 }}>
                        <InvoiceDownloads invoice={i} />
                      </TableCell>
                      <TableCell>{f.day(i.issuedOn)}</TableCell>
                      <TableCell>{f.day(i.dueOn)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{f.money(i.net)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{f.money(i.gross)}</TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" color={invoiceStatusColor(i.status)} label={t(`invoices.statusValue.${i.status}`)} />
                      </TableCell>
                      <TableCell>{t(`invoices.payment.${i.paymentMethod}`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2, flexWrap: 'wrap' }}>
              <Button size="small" disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>
                {t('invoices.previous')}
              </Button>
              <Button size="small" variant="outlined" disabled={!data.meta.nextCursor} onClick={() => data.meta.nextCursor && setCursors((c) => [...c, data.meta.nextCursor!])}>
                {t('invoices.next')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {deferred || status ? t('invoices.emptySearch') : t('invoices.empty')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
