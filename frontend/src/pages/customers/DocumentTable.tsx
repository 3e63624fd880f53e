import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustomerDocument } from '../../api/customers';
import { DownloadButton } from './DownloadButton';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

/** A size as people read it (kB/MB, decimal), in the UI language. */
export function formatSize(bytes: number, language: string): string {
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  if (bytes < 1000) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  if (bytes < 1_000_000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1000)} kB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;
}

/** Columns that give way to a line under the title on narrow screens. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Documents with type, title, date, size and a download (§2 Documents). */
export function DocumentTable({ documents, urlOf, label, emptyText }: { documents: CustomerDocument[]; urlOf: (d: CustomerDocument) => string; label: string; emptyText: string }) {
  const { t, i18n } = useTranslation('customers');
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'medium' });
  if (!documents.length) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={wide}>{t('documents.kind')}</TableCell>
            <TableCell>{t('documents.name')}</TableCell>
            <TableCell sx={wide}>{t('documents.date')}</TableCell>
            <TableCell align="right" sx={wide}>
              {t('documents.size')}
            </TableCell>
            <TableCell>{t('documents.download')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((d) => (
            <TableRow key={d.id} data-document={d.fileName}>
              <TableCell sx={wide}>{t(`documents.kinds.${d.kind}`)}</TableCell>
              <TableCell sx={{ minWidth: 150, hyphens: 'auto' }}>
                {d.title}
                {/* Narrow screens: type, date and size under the title instead of columns of their own. */}
                <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {t(`documents.kinds.${d.kind}`)} · {date.format(new Date(d.createdAt))} · {formatSize(d.size, i18n.language)}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{date.format(new Date(d.createdAt))}</TableCell>
              <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatSize(d.size, i18n.language)}
              </TableCell>
              <TableCell>
                <DownloadButton url={urlOf(d)} fileName={d.fileName} label={t('documents.downloadOf', { name: d.title })} iconOnlyOnPhones>
                  {t('documents.pdf')}
                </DownloadButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
