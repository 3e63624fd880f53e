import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
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
import { useParams } from 'react-router';
import type { QueryOf } from '@portal/openapi';
import { usePartnerFormat } from './format';
import { PartnerFrame, usePartnerSelection } from './PartnerFrame';
import { useListPartnerContractsQuery } from './partnerApi';
import { usePaginationLabels } from '../../ui/paginationLabels';

type Query = QueryOf<'listPartnerContracts'>;
type SortField = 'number' | 'customer' | 'from' | 'to' | 'status';

/** §2 `/partner/contracts/{partnerId?}`: the partner's contracts with search, sort and pages. */
export default function PartnerContractsPage() {
  const { t } = useTranslation('partner');
  const { partnerId } = useParams();
  const selection = usePartnerSelection(partnerId);
  return (
    <PartnerFrame screen="contracts" title={t('contracts.title')} selection={selection}>
      {(partner) => partner && <Contracts partnerId={partner.id} />}
    </PartnerFrame>
  );
}

function Contracts({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation('partner');
  const paginationLabels = usePaginationLabels();
  const f = usePartnerFormat();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ field: SortField; desc: boolean }>({ field: 'number', desc: false });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const deferred = useDeferredValue(search.trim());
  const query: Query = { page: page + 1, per_page: perPage, sort: `${sort.desc ? '-' : ''}${sort.field}` as Query['sort'], ...(deferred ? { search: deferred } : {}) };
  const { data, isLoading, isFetching, isError } = useListPartnerContractsQuery({ partnerId, ...query });
  const header = (field: SortField, label: string) => (
    <TableCell sortDirection={sort.field === field ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel
        active={sort.field === field}
        direction={sort.field === field && sort.desc ? 'desc' : 'asc'}
        onClick={() => {
          setSort((s) => ({ field, desc: s.field === field ? !s.desc : false }));
          setPage(0);
        }}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <TextField
        size="small"
        type="search"
        label={t('contracts.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, maxWidth: '100%' }}
        slotProps={{ htmlInput: { maxLength: 200 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
      />
      {isLoading ? (
        <Skeleton variant="rounded" height={200} role="status" aria-label={t('loading', { ns: 'common' })} />
      ) : isError || !data ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {deferred ? t('contracts.emptySearch') : t('contracts.empty')}
        </Typography>
      ) : (
        <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          <TableContainer>
            <Table size="small" aria-label={t('contracts.title')}>
              <TableHead>
                <TableRow>
                  {header('number', t('contracts.number'))}
                  {header('customer', t('contracts.customer'))}
                  {header('from', t('contracts.from'))}
                  {header('to', t('contracts.to'))}
                  <TableCell align="right">{t('contracts.lastRevenue')}</TableCell>
                  <TableCell align="right">{t('contracts.commission')}</TableCell>
                  {header('status', t('contracts.status'))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((c) => (
                  <TableRow key={c.id} hover data-contract={c.number}>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{c.number}</TableCell>
                    <TableCell>
                      {c.customer.company} ({c.customer.number})
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.day(c.from)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.to ? f.day(c.to) : '–'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {c.lastRevenue ? (
                        <>
                          {f.money(c.lastRevenue.amount)}
                          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {f.monthYear(c.lastRevenue.month)}
                          </Typography>
                        </>
                      ) : (
                        '–'
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {f.money(c.commission)}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" color={c.status === 'active' ? 'success' : 'default'} label={t(`contracts.statuses.${c.status}`)} />
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
      )}
    </Paper>
  );
}
