import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { QueryOf } from '@portal/openapi';
import { useListContractsQuery } from '../../api/contracts';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { statusColor, useBillingFormat } from './format';
import { usePaginationLabels } from '../../ui/paginationLabels';

type Query = QueryOf<'listContracts'>;
type SortField = 'number' | 'name' | 'type' | 'status' | 'start';
const statuses = ['active', 'in_termination', 'terminated', 'completed', 'cancelled', 'failed', 'pending'] as const;

/** §2 `/contracts`: the cluster and domain contracts the user can see, with search, filters, sort and pages. */
export default function ContractsPage() {
  const { t } = useTranslation('billing');
  const paginationLabels = usePaginationLabels();
  useDocumentTitle(t('contracts.title'));
  const f = useBillingFormat();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'' | 'cluster' | 'domain'>('');
  const [status, setStatus] = useState<'' | (typeof statuses)[number]>('');
  const [sort, setSort] = useState<{ field: SortField; desc: boolean }>({ field: 'number', desc: false });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const deferred = useDeferredValue(search.trim());
  const query: Query = {
    page: page + 1,
    per_page: perPage,
    sort: `${sort.desc ? '-' : ''}${sort.field}` as Query['sort'],
    ...(deferred ? { search: deferred } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
  };
  const { data, isLoading, isFetching, isError } = useListContractsQuery(query);
  const sortBy = (field: SortField) => {
    setSort((s) => ({ field, desc: s.field === field ? !s.desc : false }));
    setPage(0);
  };
  const header = (field: SortField, label: string) => (
    <TableCell sortDirection={sort.field === field ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel active={sort.field === field} direction={sort.field === field && sort.desc ? 'desc' : 'asc'} onClick={() => sortBy(field)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
  const filtered = !!(deferred || type || status);
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {t('contracts.title')}
        {data && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
            {t('contracts.count', { count: data.meta.total })}
          </Typography>
        )}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('contracts.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            slotProps={{ htmlInput: { maxLength: 200 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
          <TextField select size="small" label={t('contracts.type')} value={type} onChange={(e) => { setType(e.target.value as typeof type); setPage(0); }} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t('contracts.allTypes')}</MenuItem>
            <MenuItem value="cluster">{t('type.cluster')}</MenuItem>
            <MenuItem value="domain">{t('type.domain')}</MenuItem>
          </TextField>
          <TextField select size="small" label={t('contracts.status')} value={status} onChange={(e) => { setStatus(e.target.value as typeof status); setPage(0); }} sx={{ minWidth: 180 }}>
            <MenuItem value="">{t('contracts.allStatuses')}</MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
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
          <Alert severity="error">{t('contracts.error')}</Alert>
        ) : data && data.data.length > 0 ? (
          <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            <TableContainer>
              <Table size="small" aria-label={t('contracts.title')}>
                <TableHead>
                  <TableRow>
                    {header('number', t('contracts.number'))}
                    {header('type', t('contracts.type'))}
                    {header('name', t('contracts.name'))}
                    <TableCell>{t('contracts.customer')}</TableCell>
                    {header('start', t('contracts.start'))}
                    <TableCell align="right">{t('contracts.price')}</TableCell>
                    {header('status', t('contracts.status'))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((c) => (
                    <TableRow key={`${c.type}-${c.id}`} hover data-contract={c.number}>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        <Link component={RouterLink} to={`/contracts/${c.type}/${c.id}`}>
                          {c.number}
                        </Link>
                      </TableCell>
                      <TableCell>{t(`type.${c.type}`)}</TableCell>
                      <TableCell sx={{ fontWeight: 500 }}>{c.name}</TableCell>
                      <TableCell>
                        {c.customer.company} ({c.customer.number})
                      </TableCell>
                      <TableCell>{f.day(c.start)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {t(c.period === 'month' ? 'contracts.perMonth' : 'contracts.perYear', { amount: f.money(c.price.net) })}
                      </TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" color={statusColor(c.status)} label={t(`status.${c.status}`)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              {...paginationLabels}
              component="div"
              count={data.meta.total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={[10, 25, 50, 100]}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(0);
              }}
            />
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="contracts-empty">
            {filtered ? t('contracts.emptySearch') : t('contracts.empty')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
