import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { orderStatusColor } from './format';
import type { OrderStatus } from './ordersApi';

/** §3: one chip per order status; `accepted` reads "Active". */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <Chip size="small" variant="outlined" color={orderStatusColor(status)} label={t(`status.${status}`)} data-status={status} />;
}
