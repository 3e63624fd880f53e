import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import NotFoundPage from '../NotFoundPage';
import { usePartnerFormat } from './format';
import { PartnerFrame, usePartnerSelection } from './PartnerFrame';
import { partnerDownloads, useListCommissionCreditsQuery } from './partnerApi';

const statusColor = (s: string) => (s === 'paid' ? 'success' : s === 'approved' ? 'info' : s === 'open' ? 'warning' : 'default') as 'success' | 'info' | 'warning' | 'default';

/** §2 `/partner/payments/{partnerId?}/{customerId?}`: commission credits with customer filter, sums, CSV export and a credit note per payout. */
export default function PayoutsPage() {
  const { t } = useTranslation('partner');
  const { partnerId, customerId } = useParams();
  const selection = usePartnerSelection(partnerId);
  if (customerId !== undefined && !/^\d{1,10}$/.test(customerId)) return <NotFoundPage />;
  return (
    <PartnerFrame screen="payments" title={t('payments.title')} selection={selection}>
      {(partner) => partner && <Payouts partnerId={partner.id} customerId={customerId ? Number(customerId) : undefined} />}
    </PartnerFrame>
  );
}

function Payouts({ partnerId, customerId }: { partnerId: number; customerId?: number }) {
  const { t, i18n } = useTranslation('partner');
  const f = usePartnerFormat();
  const navigate = useNavigate();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const { data, isLoading, isFetching, isError } = useListCommissionCreditsQuery({ partnerId, ...(customerId ? { customerId } : {}) });
  if (isLoading) return <Skeleton variant="rounded" height={300} role="status" aria-label={t('loading', { ns: 'common' })} />;
  if (isError || !data) return <Alert severity="error">{t('loadError')}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2, opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('payments.customer')}
          value={customerId ?? ''}
          onChange={(e) => navigate(`/partner/payments/${partnerId}${e.target.value ? `/${e.target.value}` : ''}`)}
          sx={{ minWidth: 260, maxWidth: '100%' }}
          slotProps={{ select: { inputProps: { 'data-testid': 'payments-customer' } } }}
        >
          <MenuItem value="">{t('payments.allCustomers')}</MenuItem>
          {data.customers.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.company} ({c.number})
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: '1 1 auto' }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} href={partnerDownloads.creditsCsv(partnerId, language, customerId)} download disabled={!data.data.length}>
          {t('payments.export')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }} data-testid="payments-sums">
        {(['total', 'paid', 'outstanding'] as const).map((k) => (
          <Box key={k}>
            <Typography variant="overline" color="text.secondary" component="p">
              {t(`payments.sums.${k}`)}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={`sum-${k}`}>
              {f.money(data.sums[k])}
            </Typography>
          </Box>
        ))}
      </Box>
      {data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('payments.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('payments.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('payments.createdOn')}</TableCell>
                <TableCell>{t('payments.paidOn')}</TableCell>
                <TableCell>{t('payments.purpose')}</TableCell>
                <TableCell>{t('payments.customer')}</TableCell>
                <TableCell align="right">{t('payments.amount')}</TableCell>
                <TableCell>{t('payments.status')}</TableCell>
                <TableCell align="right">{t('payments.creditNote')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((c) => (
                <TableRow key={c.id} hover data-credit={c.number}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.day(c.createdOn)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.paidOn ? f.day(c.paidOn) : '–'}</TableCell>
                  <TableCell>{c.purpose}</TableCell>
                  <TableCell>
                    {c.customer.company} ({c.customer.number})
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {f.money(c.amount)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={statusColor(c.status)} label={t(`payments.statuses.${c.status}`)} />
                  </TableCell>
                  <TableCell align="right">
                    {c.hasCreditNote && (
                      <Tooltip title={t('payments.creditNoteOf', { number: c.number })}>
                        <IconButton size="small" component="a" href={partnerDownloads.creditNote(partnerId, c.id, language)} download aria-label={t('payments.creditNoteOf', { number: c.number })}>
                          <PictureAsPdfIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                  {t('payments.sums.total')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {f.money(data.sums.total)}
                </TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
