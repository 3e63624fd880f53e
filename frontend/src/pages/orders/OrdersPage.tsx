import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { LegacyInterfaceNotice } from './LegacyInterfaceNotice';
import { OrderDetailDialog } from './OrderDetailDialog';
import { isAmountColumn, orderColumns as columns, useOrderCell as useCell } from './orderColumns';
import { useListOrdersQuery, type OrderType } from './ordersApi';
import { useOrderUpdates } from './useOrderUpdates';

const types: OrderType[] = ['cluster', 'domain', 'certificate'];
const isType = (v: string | null | undefined): v is OrderType => !!v && (types as string[]).includes(v);

/** §2 `/orders` and `/orders/{type}/{id}`: tabs per order type, a search per tab, the §3 columns, the detail modal. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('title'));
  useOrderUpdates();
  const params = useParams<{ type?: string; number?: string }>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: OrderType = isType(params.type) ? params.type : isType(searchParams.get('tab')) ? (searchParams.get('tab') as OrderType) : 'cluster';
  const [searches, setSearches] = useState<Record<OrderType, string>>({ cluster: '', domain: '', certificate: '' });
  const search = useDeferredValue(searches[tab].trim());
  const { data, isLoading, isFetching, isError } = useListOrdersQuery({ type: tab, ...(search ? { search } : {}) });
  const cell = useCell();
  const selectTab = (next: OrderType) => {
    if (params.type) navigate(`/orders?tab=${next}`);
    else setSearchParams(next === 'cluster' ? {} : { tab: next });
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h1">{t('title')}</Typography>
        {tab === 'cluster' && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/orders/cluster">
            {t('order.cluster')}
          </Button>
        )}
        {tab === 'domain' && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/orders/domain">
            {t('order.domain')}
          </Button>
        )}
        {tab === 'certificate' && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/orders/certificate">
            {t('order.certificate')}
          </Button>
        )}
      </Box>
      <LegacyInterfaceNotice />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, v: OrderType) => selectTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('title')}>
          {types.map((ty) => (
            <Tab key={ty} value={ty} label={t(`tabs.${ty}`)} id={`orders-tab-${ty}`} aria-controls={`orders-panel-${ty}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`orders-panel-${tab}`} aria-labelledby={`orders-tab-${tab}`} sx={{ p: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('searchLabel')}
            placeholder={t(`search.${tab}`)}
            value={searches[tab]}
            onChange={(e) => setSearches((s) => ({ ...s, [tab]: e.target.value }))}
            sx={{ mb: 2, width: { xs: '100%', sm: 480 } }}
            slotProps={{ htmlInput: { maxLength: 200, 'aria-description': t(`search.${tab}`) }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
          {isLoading ? (
            <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={40} />
              ))}
            </Box>
          ) : isError ? (
            <Alert severity="error">{t('error')}</Alert>
          ) : data && data.length > 0 ? (
            <TableContainer sx={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 0.2s' }}>
              <Table size="small" aria-label={t(`tabs.${tab}`)}>
                <TableHead>
                  <TableRow>
                    {columns[tab].map((col) => (
                      <TableCell key={col} sx={{ whiteSpace: 'nowrap' }} align={isAmountColumn(col) ? 'right' : undefined}>
                        {t(`columns.${col}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((o) => (
                    <TableRow key={o.number} hover data-order={o.number}>
                      {columns[tab].map((col) => (
                        <TableCell key={col} sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} align={isAmountColumn(col) ? 'right' : undefined}>
                          {cell(o, col)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="orders-empty">
              {search ? t('emptySearch') : t('empty')}
            </Typography>
          )}
        </Box>
      </Paper>
      {isType(params.type) && params.number && <OrderDetailDialog type={params.type} number={params.number} onClose={() => navigate(`/orders${params.type === 'cluster' ? '' : `?tab=${params.type}`}`)} />}
    </Box>
  );
}
