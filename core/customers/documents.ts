import type { EntityManager } from '@mikro-orm/core';
import { NotFound } from '../platform/index.ts';
import type { Customer } from '../tenancy/index.ts';
import { CustomerDocument } from './CustomerDocument.ts';
import type { DocumentStorage, StoredFile } from './documentStorage.ts';

/** §8 "a download could not be loaded". */
export const documentNotFound = () => NotFound('errors.document_download_failed');

/** §2 Documents: the customer's own documents (newest first) and the general ones every customer may read. */
export async function listCustomerDocuments(em: EntityManager, customer: Customer): Promise<{ customer: CustomerDocument[]; general: CustomerDocument[] }> {
  const [own, general] = await Promise.all([
    em.find(CustomerDocument, { customer: customer.id }, { orderBy: { createdAt: 'desc', id: 'desc' } }),
    em.find(CustomerDocument, { customer: null }, { orderBy: { createdAt: 'desc', id: 'desc' } }),
  ]);
  return { customer: own, general };
}

/** The documents of one cluster (contract, order confirmation), newest first. */
export const listClusterDocuments = (em: EntityManager, clusterId: number): Promise<CustomerDocument[]> =>
  em.find(CustomerDocument, { clusterId }, { orderBy: { createdAt: 'desc', id: 'desc' } });

/**
 * A document the customer may download: one of its own or a general one; anything else is 404 like an
 * unknown id. `clusterId` narrows it to the documents of that cluster.
 */
export async function findCustomerDocument(em: EntityManager, customer: Customer, documentId: number, clusterId?: number): Promise<CustomerDocument> {
  const doc = await em.findOne(CustomerDocument, { id: documentId, ...(clusterId === undefined ? { $or: [{ customer: customer.id }, { customer: null }] } : { customer: customer.id, clusterId }) });
  if (!doc) throw NotFound('errors.document_not_found');
  return doc;
}

/** Opens the stored bytes; a row whose file is missing is the §8 download error. */
export async function openDocument(storage: DocumentStorage, doc: CustomerDocument): Promise<StoredFile> {
  const file = await storage.open(doc.storageKey);
  if (!file) throw documentNotFound();
  return file;
}

/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII `filename` fallback and the exact name as
 * `filename*` (RFC 5987, UTF-8, percent-encoded), so umlauts survive and quotes cannot break the header.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
