import type { EntityManager } from '@mikro-orm/core';
import { NotAllowed, NotFound } from '../platform/index.ts';
import { partnershipActive } from './commissionRules.ts';
import type { PartnerAccess } from './access.ts';
import { SalesMaterial } from './SalesMaterial.ts';

/** The sales material, newest first, optionally in one language (§2 sales material). Content is not loaded. */
export function listSalesMaterial(em: EntityManager, language?: 'de' | 'en'): Promise<SalesMaterial[]> {
  return em.find(SalesMaterial, language ? { language } : {}, { orderBy: { publishedOn: 'desc', id: 'desc' } });
}

/** Whether one of the caller's partners has an active partnership today (§6). */
export const mayDownloadMaterial = (partners: PartnerAccess[], today: string): boolean => partners.some((a) => partnershipActive(a.partner, today));

/**
 * A material with its content for download; refused (403, §8 `errors.partnership_inactive`) unless one
 * of the caller's partners has an active partnership.
 */
export async function openSalesMaterial(em: EntityManager, partners: PartnerAccess[], materialId: number, today: string): Promise<SalesMaterial & { content: Buffer }> {
  const material = await em.findOne(SalesMaterial, { id: materialId });
  if (!material) throw NotFound('errors.material_not_found');
  if (!mayDownloadMaterial(partners, today)) throw NotAllowed('errors.partnership_inactive');
  await em.populate(material, ['content']);
  return material as SalesMaterial & { content: Buffer };
}
