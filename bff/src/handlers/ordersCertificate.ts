import { twoFactorSecretBox } from '@portal/core/accounts';
import { money } from '@portal/core/billing';
import {
  certificateCatalogWithPrices,
  certificateFilesOf,
  certificatePrivateKeyOf,
  CertificateOrderKey,
  createCertificateOwner,
  editCertificateOwner,
  findOrder,
  listCertificateOwners,
  loadPriceTable,
  quoteCertificateOrder,
  submitCertificateOrder,
} from '@portal/core/ordering';
import { Conflict } from '@portal/core/platform';
import { defineHandlers } from '../openapi/handlers.ts';
import { orderSubmitted, presentPrice } from './orders.ts';
import { presentOwner } from './ordersCertificatePresenters.ts';

/** The certificate order wizard (§2): catalog, owners, quote per step, idempotent submission, the key on request. */
export const certificateOrderHandlers = defineHandlers({
  getCertificateOrderCatalog: async ({ em }) => {
    const catalog = certificateCatalogWithPrices(await loadPriceTable(em));
    return {
      ...catalog,
      types: catalog.types.map(({ price, ...t }) => ({
        ...t,
        price: { yearly: money(price.yearlyCents), extraDomainYearly: price.extraDomainYearlyCents === null ? null : money(price.extraDomainYearlyCents) },
      })),
    };
  },

  listCertificateOwners: async ({ em, user, params }) => ({
    data: (await listCertificateOwners(em, user.id, params.customerId)).map(presentOwner),
  }),

  createCertificateOwner: async ({ em, user, params, body, deps, koa }) => {
    const owner = await createCertificateOwner(em, deps.clock, user.id, params.customerId, body);
    koa.status = 201;
    return presentOwner(owner);
  },

  editCertificateOwner: async ({ em, user, params, body, deps }) =>
    presentOwner(await editCertificateOwner(em, deps.clock, user.id, params.customerId, params.ownerId, body)),

  quoteCertificateOrder: async ({ em, user, body }) => ({
    price: presentPrice(await quoteCertificateOrder(em, user.id, body.step, body.draft)),
  }),

  createCertificateOrder: async ({ em, user, body, deps, koa }) => {
    return orderSubmitted(deps, koa, await submitCertificateOrder(em, deps.clock, user.id, koa.get('Idempotency-Key') || undefined, body));
  },

  getCertificateOrderFiles: async ({ em, user, params }) =>
    certificateFilesOf(em, await findOrder(em, user.id, 'certificate', params.orderNumber)),

  getCertificateOrderKey: async ({ em, user, params, deps, koa }) => {
    const order = await findOrder(em, user.id, 'certificate', params.orderNumber);
    const key = await em.findOne(CertificateOrderKey, { order: order.id });
    const privateKey = await certificatePrivateKeyOf(em, twoFactorSecretBox(deps.config), order);
    if (!key || !privateKey) throw Conflict('errors.certificate_key_not_ready');
    koa.set('Cache-Control', 'no-store');
    return { csr: key.csrPem, privateKey, keyBits: key.keyBits };
  },
});
