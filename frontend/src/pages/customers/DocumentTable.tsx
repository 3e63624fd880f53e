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

/** A size as people read it (kB/MB, decimal), in the UI language. */
export function formatSize(bytes: number, language: string): string {
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  if (bytes < 1000) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  if (bytes < 1_000_000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1000)} kB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;
}

/** Documents with type, title, date, size and a download (§2 Documents). */
export function DocumentTable({ documents, urlOf, label, emptyText }: { documents: CustomerDocument[]; urlOf: (d: CustomerDocument) => string; label: string; emptyText: string }) {
  const { t, i18n } = useTranslation('customers');
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium' });
  if (!documents.length) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('documents.kind')}</TableCell>
            <TableCell>{t('documents.name')}</TableCell>
            <TableCell>{t('documents.date')}</TableCell>
            <TableCell align="right">{t('documents.size')}</TableCell>
            <TableCell>{t('documents.download')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((d) => (
            <TableRow key={d.id} data-document={d.fileName}>
              <TableCell>{t(`documents.kinds.${d.kind}`)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.title}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date.format(new Date(d.createdAt))}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatSize(d.size, i18n.language)}
              </TableCell>
              <TableCell>
                <DownloadButton url={urlOf(d)} fileName={d.fileName} label={t('documents.downloadOf', { name: d.title })}>
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
