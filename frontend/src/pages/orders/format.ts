import type { OrderStatus } from './ordersApi';

/** The chip colour of each §3 order status. */
export const orderStatusColor = (s: OrderStatus): 'success' | 'warning' | 'error' | 'default' | 'info' =>
  s === 'completed' || s === 'accepted' || s === 'preparation_completed'
    ? 'success'
    : s === 'preparation_failed' || s === 'declined'
      ? 'error'
      : s === 'pending' || s === 'preparation_in_progress' || s === 'open'
        ? 'warning'
        : 'default';

/** All §3 statuses, in the order the legend shows them. */
export const orderStatuses: OrderStatus[] = ['accepted', 'open', 'completed', 'declined', 'cancelled', 'preparation_in_progress', 'preparation_failed', 'preparation_completed', 'pending'];
