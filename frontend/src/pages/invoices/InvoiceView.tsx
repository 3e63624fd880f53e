import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '../../api/invoices';
import { Facts } from '../contracts/Facts';
import { useBillingFormat } from '../contracts/format';
import { invoiceStatusColor } from './InvoicesPage';

/** The invoice number with its status in lowercase (§4 "invoice statuses are used in lowercase in titles"). */
export function useInvoiceTitle(invoice: InvoiceDetail | undefined): string {
  const { t } = useTranslation('billing');
  return invoice ? t('invoice.titleWithStatus', { number: invoice.number, status: t(`invoices.statusValue.${invoice.status}`) }) : t('invoices.title');
}

/** A title whose invoice number ("RE202611-10001") wraps as a whole on phones, never at its hyphen. */
function NumberKeptWhole({ text, number }: { text: string; number: string }) {
  const at = text.indexOf(number);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {number}
      </Box>
      {text.slice(at + number.length)}
    </>
  );
}

/** Amounts, dates and PDF downloads of an invoice, shown signed in and through a public link. */
export function InvoiceSummaryView({
  invoice: i,
  pdfUrl,
  eInvoiceUrl,
  actions,
}: {
  invoice: InvoiceDetail;
  pdfUrl: (language: 'de' | 'en') => string;
  /** Signed in only: the e-invoice downloads (ZUGFeRD/Factur-X PDF, XRechnung XML). */
  eInvoiceUrl?: (format: 'factur-x' | 'xrechnung') => string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const title = useInvoiceTitle(i);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, mb: 0, overflowWrap: 'anywhere' }}>
          <NumberKeptWhole text={title} number={i.number} />
        </Typography>
        <Chip variant="outlined" color={invoiceStatusColor(i.status)} label={t(`invoices.statusValue.${i.status}`)} data-testid="invoice-status" />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Facts
          title={t('invoice.title', { number: i.number })}
          rows={[
            [t('invoice.customer'), `${i.customer.company} (${i.customer.number})`],
            [t('invoices.date'), f.day(i.issuedOn)],
            [t('invoices.due'), f.day(i.dueOn)],
            [t('invoice.period'), `${f.day(i.periodStart)} – ${f.day(i.periodEnd)}`],
            [t('invoices.paymentMethod'), t(`invoices.payment.${i.paymentMethod}`)],
          ]}
        />
        <Facts
          title={t('invoice.total')}
          rows={[
            [t('invoices.net'), f.money(i.net)],
            [t('invoice.vat', { rate: 19 }), f.money(i.vat)],
            [t('invoices.gross'), <strong key="g" data-testid="invoice-gross">{f.money(i.gross)}</strong>],
          ]}
        >
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={pdfUrl('de')} download={`${i.number}.pdf`}>
              {t('invoice.pdfDe')}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={pdfUrl('en')} download={`${i.number}.pdf`}>
              {t('invoice.pdfEn')}
            </Button>
          </Box>
          {eInvoiceUrl && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('invoice.eInvoiceHint')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="outlined" startIcon={<DownloadIcon />} href={eInvoiceUrl('factur-x')} download={`${i.number}-zugferd.pdf`}>
                  {t('invoice.facturX')}
                </Button>
                <Button variant="outlined" startIcon={<DownloadIcon />} href={eInvoiceUrl('xrechnung')} download={`${i.number}-xrechnung.xml`}>
                  {t('invoice.xRechnung')}
                </Button>
              </Box>
            </Box>
          )}
        </Facts>
      </Box>
      {actions}
    </Box>
  );
}

/** The positions of an invoice (§2 `/invoices/{id}/details`). */
export function InvoicePositions({ invoice: i }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const unit4 = new Intl.NumberFormat(f.locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 4, maximumFractionDigits: 4 });
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label={t('invoice.positions')}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('invoice.positions')}
      </Typography>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={wide}>{t('invoice.position')}</TableCell>
              <TableCell>{t('invoice.service')}</TableCell>
              <TableCell align="right" sx={wide}>{t('invoice.quantity')}</TableCell>
              <TableCell align="right" sx={wide}>{t('invoice.unitPrice')}</TableCell>
              <TableCell align="right">{t('invoice.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {i.positions.map((p) => (
              <TableRow key={p.position} data-position={p.kind}>
                <TableCell sx={wide}>{p.position}</TableCell>
                <TableCell>
                  {p.subject}: {t(`invoice.kind.${p.kind}`, { defaultValue: p.kind })}
                  <Typography variant="body2" color="text.secondary">
                    {f.day(p.periodStart)} – {f.day(p.periodEnd)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={wide}>
                  {p.quantity} {t(`invoice.unit.${p.unit}`)}
                </TableCell>
                <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap' }}>{unit4.format(Number(p.unitPrice))}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{f.money(p.net)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        {t('invoice.billingNote')}
      </Typography>
    </Paper>
  );
}
