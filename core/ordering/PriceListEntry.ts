import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const pricePeriods = ['month', 'year', 'once'] as const;
export type PricePeriod = (typeof pricePeriods)[number];

/** One price of the order price list (euro cents, net; VAT is added on top, §9). Seeded by the ordering migration. */
export const PriceListEntry = defineEntity({
  name: 'PriceListEntry',
  tableName: 'order_price_list',
  properties: {
    code: p.string().length(64).primary(),
    period: p.enum(pricePeriods),
    netCents: p.integer(),
  },
});
export type PriceListEntry = InferEntity<typeof PriceListEntry>;
