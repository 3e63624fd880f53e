import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeId, Series } from './model.ts';
import { formatBitRate, formatBytes, formatLoad, formatPercent, timeFormat } from './format.ts';
import { tableRows, type MetricKey } from './series.ts';

const PER_PAGE = 25;

/** The charts' values as a table (every slot with data, newest first), paged. */
export function MetricsTable({ series, range }: { series: Series; range: RangeId }) {
  const { t, i18n } = useTranslation('monitoring');
  const lang = i18n.language;
  const rows = useMemo(() => tableRows(series), [series]);
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [range]);
  const time = useMemo(() => timeFormat(range, lang, 'full'), [range, lang]);
  const raw = series.resolutionSeconds === 10;

  const formats: Record<MetricKey, (v: number) => string> = {
    cpu: (v) => formatPercent(v, lang),
    load: (v) => formatLoad(v, lang),
    memory: (v) => formatBytes(v, lang),
    disk: (v) => formatBytes(v, lang),
    networkRx: (v) => formatBitRate(v, lang),
    networkTx: (v) => formatBitRate(v, lang),
  };
  const columns: MetricKey[] = ['cpu', 'load', 'memory', 'disk', 'networkRx', 'networkTx'];
  const cell = (key: MetricKey, value: { avg: number | null; max: number | null }) => {
    if (value.avg === null) return '–';
    const avg = formats[key](value.avg);
    return raw || value.max === null ? avg : t('table.avgMax', { avg, max: formats[key](value.max) });
  };

  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="metrics-table-empty">
        <Typography color="text.secondary">{t('empty.title')}</Typography>
      </Paper>
    );
  return (
    <Paper variant="outlined" data-testid="metrics-table">
      <TableContainer>
        <Table size="small">
          <caption>{t(raw ? 'table.captionRaw' : 'table.caption', { range: t(`range.long.${range}`) })}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('table.time')}
              </TableCell>
              {columns.map((key) => (
                <TableCell key={key} component="th" scope="col" align="right">
                  {t(`metric.${key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(page * PER_PAGE, (page + 1) * PER_PAGE).map((row) => (
              <TableRow key={row.at.getTime()} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={row.at.toISOString()}>{time(row.at)}</time>
                </TableCell>
                {columns.map((key) => (
                  <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {cell(key, row.values[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        onPageChange={(_, p) => setPage(p)}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        labelDisplayedRows={({ from, to, count }) => t('table.rows', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.page.${type}`)}
      />
    </Paper>
  );
}
