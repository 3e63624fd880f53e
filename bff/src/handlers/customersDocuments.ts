import type { Context } from 'koa';
import { findClusterAccess, setClusterTwoFactorRequirement } from '@portal/core/clusters';
import {
  concludeDpa,
  contentDisposition,
  type Customer,
  documentStorage,
  dpaOverview,
  findCustomerDocument,
  findManagedCustomer,
  listClusterDocuments,
  listCustomerDocuments,
  openDocument,
  renderTomsPdf,
  type CustomerDocument,
  type DpaOverview,
} from '@portal/core/customers';
import { NotAllowed, NotFound } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { defineHandlers } from '../openapi/handlers.ts';

const presentDocument = (d: CustomerDocument) => ({
  id: d.id,
  kind: d.kind,
  title: d.title,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  createdAt: d.createdAt.toISOString(),
  clusterId: d.clusterId ?? null,
});

const presentDpa = (o: DpaOverview) => ({
  state: o.state,
  currentVersion: { version: o.currentVersion.version, publishedOn: o.currentVersion.publishedOn },
  conclusions: o.conclusions.map((c) => ({
    id: c.id,
    version: c.version,
    concludedBy: c.concludedByName,
    concludedAt: c.concludedAt.toISOString(),
    documentId: (c.document as { id: number } | null | undefined)?.id ?? null,
  })),
});

const storageOf = (deps: AppDeps) => documentStorage(deps.config.dataDir);

/** Streams a stored document with its type, length and an RFC 6266 file name; never cached by shared caches. */
async function stream(koa: Context, deps: AppDeps, doc: CustomerDocument): Promise<never> {
  const file = await openDocument(storageOf(deps), doc);
  koa.type = doc.contentType;
  koa.length = file.size;
  koa.set('Content-Disposition', contentDisposition(doc.fileName));
  koa.set('Cache-Control', 'private, no-store');
  koa.set('X-Content-Type-Options', 'nosniff');
  return file.stream as never;
}

/** Documents, the DPA with its TOMs (§2 Customer data, §4 DPA) and the per-cluster 2FA requirement (§2, §4). */
export const customerDocumentHandlers = defineHandlers({
  listCustomerDocuments: async ({ em, user, params }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    const lists = await listCustomerDocuments(em, customer);
    return { customer: lists.customer.map(presentDocument), general: lists.general.map(presentDocument) };
  },

  downloadCustomerDocument: async ({ em, deps, user, params, koa }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    return stream(koa, deps, await findCustomerDocument(em, customer, params.documentId));
  },

  getCustomerDpa: async ({ em, user, params }) => presentDpa(await dpaOverview(em, await findManagedCustomer(em, user.id, params.customerId))),

  concludeCustomerDpa: async ({ em, deps, user, params, body, koa }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    await concludeDpa(em, { clock: deps.clock, mailer: deps.mailer, storage: storageOf(deps), actor: user, ip: koa.ip }, customer, { version: body.version, accepted: body.accepted });
    koa.status = 201;
    return presentDpa(await dpaOverview(em, customer));
  },

  downloadDpaToms: async ({ query, koa }) => {
    const language = query.language === 'en' ? 'en' : 'de';
    const pdf = await renderTomsPdf(language);
    koa.type = 'application/pdf';
    koa.set('Content-Disposition', contentDisposition(language === 'de' ? 'TOM.pdf' : 'TOMs.pdf'));
    koa.set('Cache-Control', 'private, max-age=3600');
    return Buffer.from(pdf) as never;
  },

  listClusterDocuments: async ({ em, user, params }) => {
    if (!(await findClusterAccess(em, user.id, params.clusterId))) throw NotFound('errors.cluster_not_found');
    return { data: (await listClusterDocuments(em, params.clusterId)).map(presentDocument) };
  },

  downloadClusterDocument: async ({ em, deps, user, params, koa }) => {
    const access = await findClusterAccess(em, user.id, params.clusterId);
    if (!access) throw NotFound('errors.cluster_not_found');
    const customer = access.cluster.customer as Customer;
    return stream(koa, deps, await findCustomerDocument(em, customer, params.documentId, params.clusterId));
  },

  setClusterTwoFactorRequirement: async ({ em, deps, user, params, body, koa }) => {
    const access = await findClusterAccess(em, user.id, params.clusterId);
    if (!access) throw NotFound('errors.cluster_not_found');
    if (!access.isAdministrator) throw NotAllowed('errors.cluster_administrators_only');
    const result = await setClusterTwoFactorRequirement(em, { clock: deps.clock, mailer: deps.mailer, actor: user, publicUrl: deps.config.PUBLIC_URL, ip: koa.ip }, access.cluster, body.required);
    return { forceTwoFactor: result.cluster.forceTwoFactor, notified: result.notified };
  },
});
