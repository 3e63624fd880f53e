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
import type { StatsRange } from '../../stats/ranges.ts';
import { timeFormat } from './format.ts';
import { tableRows, type AvgMax, type SeriesFrame } from './series.ts';

const PER_PAGE = 25;

/** A column of the table: a figure of the series, its heading and how its values read. */
export interface StatsColumn<K extends string> {
  key: K;
  label: string;
  format: (value: number) => string;
}

/** The charts' values as a table (every slot with data, newest first, by the `presence` figure), paged. */
export function StatsTable<K extends string>({
  series,
  range,
  columns,
  presence,
}: {
  series: SeriesFrame & Record<K, AvgMax>;
  range: StatsRange;
  columns: StatsColumn<K>[];
  presence: K;
}) {
  const { t, i18n } = useTranslation('sdk');
  const lang = i18n.language;
  const keys = useMemo(() => columns.map((c) => c.key), [columns]);
  const rows = useMemo(() => tableRows(series, keys, presence), [series, keys, presence]);
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [range]);
  const time = useMemo(() => timeFormat(range, lang, 'full'), [range, lang]);
  const raw = series.resolutionSeconds === 10;
  const cell = (column: StatsColumn<K>, value: { avg: number | null; max: number | null }) => {
    if (value.avg === null) return '–';
    const avg = column.format(value.avg);
    return raw || value.max === null ? avg : t('stats.table.avgMax', { avg, max: column.format(value.max) });
  };

  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="metrics-table-empty">
        <Typography color="text.secondary">{t('stats.empty.title')}</Typography>
      </Paper>
    );
  return (
    <Paper variant="outlined" data-testid="metrics-table">
      <TableContainer>
        <Table size="small">
          <caption>{t(raw ? 'stats.table.captionRaw' : 'stats.table.caption', { range: t(`stats.range.long.${range}`) })}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('stats.table.time')}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} component="th" scope="col" align="right">
                  {c.label}
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
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {cell(c, row.values[c.key])}
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
        labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.page.${type}`)}
      />
    </Paper>
  );
}
