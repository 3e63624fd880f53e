import type { EntityManager } from '@mikro-orm/core';
import { withVat, centsToDecimal } from '../billing/index.ts';
import type { Logger, Mailer } from '../platform/index.ts';
import type { Order } from './Order.ts';
import { orderRecipients } from './submission.ts';

/**
 * Confirms an order by e-mail to the user who ordered and every active manager of the customer, each
 * in their own language. Runs after the commit; a failed mail is logged, the order stays.
 */
export async function sendOrderMails(em: EntityManager, mailer: Mailer, logger: Logger | undefined, order: Order, event: 'confirmation' | 'preparationFailed'): Promise<void> {
  const recipients = await orderRecipients(em, order);
  for (const u of recipients) {
    try {
      await mailer.send(
        { email: u.email, language: u.language === 'en' ? 'en' : 'de', firstname: u.firstname, surname: u.surname },
        event === 'confirmation'
          ? {
              kind: 'orderConfirmation',
              orderNumber: order.number,
              orderType: order.type,
              orderedAt: order.orderedAt,
              customer: `${order.customer.company} (${order.customer.number})`,
              monthlyGross: centsToDecimal(withVat(order.monthlyNetCents).grossCents),
              oneTimeGross: centsToDecimal(withVat(order.oneTimeNetCents).grossCents),
            }
          : { kind: 'orderPreparationFailed', orderNumber: order.number, orderType: order.type },
      );
    } catch (error) {
      logger?.warn({ err: error, orderId: order.id }, 'order mail failed');
    }
  }
}
