import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { CallErrorAlert } from '../../forms/CallErrorAlert';
import { useBillingFormat } from '../contracts/format';
import { OrderStatusChip } from './OrderStatusChip';
import { NewCustomerFacts } from './NewCustomerFacts';
import { PriceSummary } from './PriceSummary';
import { DomainOrderFacts } from './domain/DomainOrderFacts';
import { CertificateOrderFacts } from './certificate/CertificateOrderFacts';
import { CertificateDownloads } from './certificate/CertificateDownloads';
import { useGetOrderQuery, type Order, type OrderType } from './ordersApi';
import { FactList } from './FactList';

/** The facts of a cluster order, as a definition list (the modal and the check-order summary). */
export function ClusterOrderFacts({
  order,
}: {
  order: Pick<Order, 'cluster'> & Partial<Pick<Order, 'customer'>> & { customerLabel?: string };
}) {
  const { t } = useTranslation('orders');
  const c = order.cluster;
  if (!c) return null;
  const addons = (['twoFactor', 'vpn', 'phpExtendedSupport'] as const).filter((a) => c.addons[a]).map((a) => t(`addon.${a}`));
  const rows: [string, string][] = [
    ...((order.customerLabel ?? order.customer)
      ? [[t('detail.customer'), order.customerLabel ?? `${order.customer!.company} (${order.customer!.number})`] as [string, string]]
      : []),
    [t('columns.architecture'), t(`architecture.${c.architecture}`)],
    [t('columns.sla'), t(`sla.${c.sla}`)],
    [t('columns.hardware'), t('hardwareValue', { cpu: c.cpu, ram: c.ramGb, ssd: c.nvmeSsdGb })],
    [t('columns.nvme_storage'), t('gb', { value: c.nvmeStorageGb })],
    [t('detail.ipv4'), String(c.additionalIpv4)],
    [t('detail.ipv6'), String(c.additionalIpv6)],
    [t('columns.addons'), addons.length ? addons.join(', ') : t('none')],
    [t('detail.contractMode'), t(`contractMode.${c.contractMode}`)],
    [t('detail.clusterName'), c.clusterName],
    ...(c.referenceSign ? [[t('detail.referenceSign'), c.referenceSign] as [string, string]] : []),
  ];
  return <FactList rows={rows} />;
}

/** §2 the order detail modal (`/orders/{type}/{id}`); another account's order gives the §8 message. */
export function OrderDetailDialog({ type, number, onClose }: { type: OrderType; number: string; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { t: te } = useTranslation('errors');
  const f = useBillingFormat();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { data: order, error, isLoading } = useGetOrderQuery({ type, number });
  const notFound = (error as { status?: number } | undefined)?.status === 404;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="order-detail-title">
      <DialogTitle id="order-detail-title">{t('detail.title', { number })}</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Box role="status" aria-label={t('detail.loading')} sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress />
          </Box>
        ) : notFound ? (
          <Alert severity="warning" data-testid="order-not-found">
            {te('order_not_found', { number })}
          </Alert>
        ) : error ? (
          <CallErrorAlert error={error} message={t('error')} />
        ) : order ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
            <Box>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
                <OrderStatusChip status={order.status} />
                <span>
                  {t('detail.orderedAt')} {f.dateTime(order.orderedAt)}
                </span>
                {order.clusterNumber && (
                  <span>
                    · {t('detail.clusterNumber')} <strong data-testid="order-cluster-number">{order.clusterNumber}</strong>
                  </span>
                )}
              </Box>
              {order.status === 'preparation_failed' && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {order.failureReason === 'errors.certificate_order_failed' ? te('certificate_order_failed') : t('detail.failure')}
                </Alert>
              )}
              {order.certificate ? <CertificateOrderFacts certificate={order.certificate} /> : <ClusterOrderFacts order={order} />}
              {order.certificate && <CertificateDownloads order={order} />}
              {order.cluster?.newCustomer && <NewCustomerFacts customer={order.cluster.newCustomer} />}
              {order.domainOrder && (
                <DomainOrderFacts details={order.domainOrder} customerLabel={`${order.customer.company} (${order.customer.number})`} />
              )}
            </Box>
            <PriceSummary price={order.price} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
