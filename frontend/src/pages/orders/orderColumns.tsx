import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBillingFormat } from '../contracts/format';
import { OrderStatusChip } from './OrderStatusChip';
import type { Order, OrderType } from './ordersApi';
import type orders from '../../i18n/locales/de/orders.json';

type CertificateType = NonNullable<Order['certificate']>['certificateType'];

/**
 * How a certificate type authenticates the applicant (§3 column "authentication"): domain validation for the
 * Domain/Multi-Domain/Wildcard types, organisation validation for the Organization types, extended validation
 * for the Extended types.
 */
export function certificateValidation(type: CertificateType): 'domain' | 'organization' | 'extended' {
  if (type.startsWith('organization')) return 'organization';
  if (type.includes('extended')) return 'extended';
  return 'domain';
}

/** The §3 columns of each tab. */
export const orderColumns: Record<OrderType, (keyof typeof orders.columns)[]> = {
  cluster: ['order_number', 'order_date', 'customer_number', 'customer', 'cluster_number', 'architecture', 'sla', 'hardware', 'nvme_storage', 'addons', 'basic_charge', 'monthly_fee', 'one_time_fee', 'status'],
  domain: ['order_number', 'order_date', 'domain', 'customer', 'registration', 'runtime', 'regular_annual_fee', 'one_time_purchase', 'status'],
  certificate: ['order_number', 'order_date', 'domain', 'certificate', 'type', 'authentication', 'duration', 'verification', 'valid_until', 'total', 'status'],
};

/** Amount columns are right-aligned. */
export const isAmountColumn = (column: string): boolean => column.endsWith('_fee') || column === 'total' || column === 'basic_charge';

/** The cell of one §3 column for an order. */
export function useOrderCell() {
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
      case 'basic_charge': {
        // The architecture's monthly base price, without hardware, add-ons and IP addresses.
        const base = o.price.lines.find((l) => l.code.startsWith('cluster.base.'));
        return base ? f.money(base.net) : '–';
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
      case 'authentication':
        return o.certificate ? t(`certificateCells.validation.${certificateValidation(o.certificate.certificateType)}`) : '–';
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
