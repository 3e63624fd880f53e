import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import { visuallyHidden } from '@mui/utils';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  id: string;
  /** The header (also the sort button's name). */
  label: ReactNode;
  /** The cell; `details` (with `DataTableProps.details`) has the row's expand button to place in it. */
  render: (row: T, details: RowDetails) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
  align?: 'left' | 'right' | 'center';
  /** Keep the cell on one line (the table scrolls sideways in its own container on small screens). */
  nowrap?: boolean;
  /** The header is for screen readers only (e.g. an actions column). */
  hideLabel?: boolean;
}

/** A row's expandable details (`DataTableProps.details`): whether they are open and the button that opens them. */
export interface RowDetails {
  open: boolean;
  toggle: ReactNode;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name (shown as caption for screen readers). */
  caption: string;
  /** Enables the search box: the text a row is found by. */
  searchText?: (row: T) => string;
  searchLabel?: string;
  initialSort?: { id: string; direction: 'asc' | 'desc' };
  /** Rows per page; pagination shows when there are more rows. Default 25. */
  pageSize?: number;
  rowProps?: (row: T) => TableRowProps & Record<`data-${string}`, string | number | undefined>;
  /** Content after a row (e.g. a collapsible details row). */
  renderAfterRow?: (row: T) => ReactNode;
  /**
   * Expandable details under a row (e.g. a job's next runs): `content` is shown in a full-width row when
   * opened by the button a column places (`render(row, { toggle })`); `label(row, open)` names the button.
   */
  details?: { content: (row: T) => ReactNode; label: (row: T, open: boolean) => string };
  size?: 'small' | 'medium';
  testId?: string;
  /** Shown instead of the table when there are no rows at all. */
  empty?: ReactNode;
  /** The table's minimum width in px; narrower screens scroll it sideways inside its own region. */
  minWidth?: number;
}

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { numeric: true });

/**
 * A table with sortable columns, an optional search box and pagination. On narrow screens it scrolls
 * sideways inside its own container (the page does not); headers are sort buttons for the keyboard.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  searchText,
  searchLabel,
  initialSort,
  pageSize = 25,
  rowProps,
  renderAfterRow,
  details,
  size,
  testId,
  empty,
  minWidth,
}: DataTableProps<T>) {
  const { t } = useTranslation('sdk');
  const id = useId();
  const [sort, setSort] = useState(initialSort);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(pageSize);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const detailsOf = (row: T): RowDetails => {
    const key = rowKey(row);
    const expanded = !!open[key];
    return {
      open: expanded,
      toggle: details && (
        <IconButton
          size="small"
          onClick={() => setOpen((o) => ({ ...o, [key]: !expanded }))}
          aria-expanded={expanded}
          aria-controls={`${id}-details-${key}`}
          aria-label={details.label(row, expanded)}
          sx={{ ml: 0.5 }}
        >
          {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      ),
    };
  };

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const found = needle && searchText ? rows.filter((r) => searchText(r).toLocaleLowerCase().includes(needle)) : [...rows];
    const column = sort && columns.find((c) => c.id === sort.id);
    if (sort && column?.sortValue) {
      const value = column.sortValue;
      const sign = sort.direction === 'asc' ? 1 : -1;
      found.sort((a, b) => compare(value(a), value(b)) * sign);
    }
    return found;
  }, [rows, search, searchText, sort, columns]);

  if (rows.length === 0 && empty) return <>{empty}</>;
  const lastPage = Math.max(0, Math.ceil(shown.length / perPage) - 1);
  const current = Math.min(page, lastPage);
  const pageRows = shown.slice(current * perPage, current * perPage + perPage);

  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      {searchText && (
        <Box sx={{ p: 2, pb: 1 }}>
          <TextField
            id={`${id}-search`}
            type="search"
            size="small"
            label={searchLabel ?? t('table.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-controls': `${id}-table`, 'aria-description': t('table.searchHint') },
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Box>
      )}
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
        <Table size={size} id={`${id}-table`} sx={minWidth ? { minWidth } : undefined}>
          <Box component="caption" id={`${id}-caption`} sx={visuallyHidden}>
            {caption}
          </Box>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const active = sort?.id === c.id;
                const direction = active ? sort.direction : 'asc';
                return (
                  <TableCell key={c.id} align={c.align} sortDirection={active ? direction : false} sx={{ whiteSpace: 'nowrap' }}>
                    {c.sortValue ? (
                      <TableSortLabel
                        active={active}
                        direction={direction}
                        onClick={() => setSort({ id: c.id, direction: active && direction === 'asc' ? 'desc' : 'asc' })}
                      >
                        {c.label}
                        {active && (
                          <Box component="span" sx={visuallyHidden}>
                            {t(direction === 'asc' ? 'table.sortedAscending' : 'table.sortedDescending')}
                          </Box>
                        )}
                      </TableSortLabel>
                    ) : c.hideLabel ? (
                      <Box component="span" sx={visuallyHidden}>
                        {c.label}
                      </Box>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => {
              const more = detailsOf(row);
              const props = rowProps?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <TableRow hover {...props} sx={details ? [{ '& > td': { borderBottom: more.open ? 'none' : undefined } }, ...(Array.isArray(props?.sx) ? props.sx : [props?.sx])] : props?.sx}>
                    {columns.map((c) => (
                      <TableCell key={c.id} align={c.align} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {c.render(row, more)}
                      </TableCell>
                    ))}
                  </TableRow>
                  {details && (
                    <TableRow>
                      <TableCell colSpan={columns.length} sx={{ py: 0, borderBottom: more.open ? undefined : 'none' }}>
                        <Collapse in={more.open} id={`${id}-details-${rowKey(row)}`} data-testid={`details-${rowKey(row)}`}>
                          <Box sx={{ py: 1.5 }}>{details.content(row)}</Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  )}
                  {renderAfterRow?.(row)}
                </Fragment>
              );
            })}
            {pageRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary" role="status">
                    {t('table.noMatch', { search: search.trim() })}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length > Math.min(perPage, pageSize) && (
        <TablePagination
          component="div"
          count={shown.length}
          page={current}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...new Set([pageSize, 10, 25, 50, 100])].sort((a, b) => a - b)}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`table.page.${type}`)}
          showFirstButton
          showLastButton
        />
      )}
    </Box>
  );
}
