import { money } from '@portal/core/billing';
import {
  checkDomainDraft,
  DOMAIN_LABEL_MAX,
  domainOrderModes,
  loadPriceTable,
  localDomainAvailability,
  orderableTlds,
  annualFeeOf,
  submitDomainOrder,
} from '@portal/core/ordering';
import { defineHandlers } from '../openapi/handlers.ts';
import { orderSubmitted, presentPrice } from './orders.ts';

/** The domain order wizard (§2): its catalog, the check and price of each step, the idempotent submission. */
export const domainOrderHandlers = defineHandlers({
  getDomainOrderCatalog: async ({ em }) => {
    const table = await loadPriceTable(em);
    return {
      tlds: orderableTlds(table).map((tld) => ({ tld, annualFee: money(annualFeeOf(table, tld)) })),
      labelMax: DOMAIN_LABEL_MAX,
      modes: [...domainOrderModes],
    };
  },

  quoteDomainOrder: async ({ em, user, body }) => {
    const checked = await checkDomainDraft(em, user.id, body.draft, body.step, localDomainAvailability(em));
    const d = checked.parsed;
    return {
      price: presentPrice(checked.price),
      domain: d ? { ascii: d.ascii, unicode: d.unicode, tld: d.tld, annualFee: money(checked.annualFeeCents) } : null,
    };
  },

  createDomainOrder: async ({ em, user, body, deps, koa }) => {
    return orderSubmitted(
      deps,
      koa,
      await submitDomainOrder(em, deps.clock, user.id, koa.get('Idempotency-Key') || undefined, body, localDomainAvailability(em)),
    );
  },
});
