import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
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
import { useBillingFormat } from '../contracts/format';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrderStatusChip } from './OrderStatusChip';
import { useListOrdersQuery, type Order, type OrderType } from './ordersApi';
import { useOrderUpdates } from './useOrderUpdates';

const types: OrderType[] = ['cluster', 'domain', 'certificate'];
const isType = (v: string | null | undefined): v is OrderType => !!v && (types as string[]).includes(v);

/** The §3 columns of each tab. */
const columns: Record<OrderType, string[]> = {
  cluster: ['order_number', 'order_date', 'customer_number', 'customer', 'cluster_number', 'architecture', 'sla', 'hardware', 'nvme_storage', 'addons', 'monthly_fee', 'one_time_fee', 'status'],
  domain: ['order_number', 'order_date', 'domain', 'customer', 'registration', 'runtime', 'regular_annual_fee', 'one_time_purchase', 'status'],
  certificate: ['order_number', 'order_date', 'domain', 'certificate', 'type', 'duration', 'verification', 'valid_until', 'total', 'status'],
};

function useCell() {
  const { t } = useTranslation(['orders', 'ordersDomain']);
  const f = useBillingFormat();
  return (o: Order, column: string): React.ReactNode => {
    const c = o.cluster;
    switch (column) {
      case 'order_number':
        return (
          <Link component={RouterLink} to={`/orders/${o.type}/${o.number}`}>
            {o.number}
          </Link>
        );
      case 'order_date':
        return f.dateTime(o.orderedAt);
      case 'customer_number':
        return o.customer.number;
      case 'customer':
        return o.customer.company;
      case 'cluster_number':
        return o.clusterNumber ?? '–';
      case 'architecture':
        return c ? t(`architecture.${c.architecture}`) : '–';
      case 'sla':
        return c ? t(`sla.${c.sla}`) : '–';
      case 'hardware':
        return c ? t('hardwareValue', { cpu: c.cpu, ram: c.ramGb, ssd: c.nvmeSsdGb }) : '–';
      case 'nvme_storage':
        return c ? t('gb', { value: c.nvmeStorageGb }) : '–';
      case 'addons': {
        const list = c ? (['twoFactor', 'vpn', 'phpExtendedSupport'] as const).filter((a) => c.addons[a]).map((a) => t(`addon.${a}`)) : [];
        return list.length ? list.join(', ') : t('none');
      }
      case 'monthly_fee':
        return f.money(o.price.monthly.net);
      case 'one_time_fee':
      case 'one_time_purchase':
        return f.money(o.price.oneTime.net);
      case 'total':
        return f.money(o.type === 'certificate' ? o.price.oneTime.gross : o.price.monthly.gross);
      case 'certificate':
        return o.certificate ? t('certificateCells.certificateValue', { type: t(`certificateType.${o.certificate.certificateType}`), count: o.certificate.domains.length }) : '–';
      case 'type':
        return o.certificate ? t(`certificateType.${o.certificate.certificateType}`) : '–';
      case 'duration':
        return o.certificate ? t('certificateCells.months', { count: o.certificate.termMonths }) : '–';
      case 'verification':
        return o.certificate ? [...new Set(o.certificate.verifications.map((v) => t(`certificateWizard.verification.method.${v.method}`)))].join(', ') : '–';
      case 'valid_until': {
        // The local certificate authority issues at once: a completed certificate runs its term from the order date.
        if (!o.certificate || o.status !== 'completed') return '–';
        const until = new Date(o.orderedAt);
        until.setMonth(until.getMonth() + o.certificate.termMonths);
        return f.day(until.toISOString().slice(0, 10));
      }
      case 'domain':
        return o.domainOrder ? o.domainOrder.domainUnicode : (o.domain ?? '–');
      case 'registration':
        return o.domainOrder ? t(`ordersDomain:mode.${o.domainOrder.mode}`) : '–';
      case 'runtime':
        return o.domainOrder ? t('ordersDomain:runtime') : '–';
      case 'regular_annual_fee':
        return o.domainOrder ? f.money(o.domainOrder.annualFee) : '–';
      case 'status':
        return <OrderStatusChip status={o.status} />;
      default:
        return '–';
    }
  };
}

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
            <Box role="status" aria-busy="true" aria-label={t('common:loading')}>
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
                      <TableCell key={col} sx={{ whiteSpace: 'nowrap' }} align={col.endsWith('_fee') || col === 'total' ? 'right' : undefined}>
                        {t(`columns.${col}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((o) => (
                    <TableRow key={o.number} hover data-order={o.number}>
                      {columns[tab].map((col) => (
                        <TableCell key={col} sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} align={col.endsWith('_fee') || col === 'total' ? 'right' : undefined}>
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
