import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Sales material for partners (§3): a document in one language, downloadable with an active partnership. */
export const SalesMaterial = defineEntity({
  name: 'SalesMaterial',
  tableName: 'partner_sales_materials',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(255),
    /** File name offered on download, e.g. `partnerbroschuere.pdf`. */
    fileName: p.string().length(255),
    mediaType: p.string().length(100),
    language: p.enum(['de', 'en'] as const),
    sizeBytes: p.integer(),
    publishedOn: p.string().length(10),
    content: p.blob().lazy(),
  },
});
export type SalesMaterial = InferEntity<typeof SalesMaterial>;
