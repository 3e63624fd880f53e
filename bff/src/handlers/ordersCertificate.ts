import { twoFactorSecretBox } from '@portal/core/accounts';
import {
  certificateCatalog,
  certificateFilesOf,
  certificatePrivateKeyOf,
  CertificateOrderKey,
  createCertificateOwner,
  editCertificateOwner,
  findOrder,
  listCertificateOwners,
  quoteCertificateOrder,
  submitCertificateOrder,
  type CertificateOrderDetails,
  type CertificateOwner,
} from '@portal/core/ordering';
import { Conflict } from '@portal/core/platform';
import type { Schemas } from '@portal/openapi';
import { defineHandlers } from '../openapi/handlers.ts';
import { orderSubmitted, presentPrice } from './orders.ts';

const presentOwner = (o: CertificateOwner): Schemas['CertificateOwner'] => ({
  id: o.id,
  company: o.company,
  street: o.street,
  zip: o.zip,
  city: o.city,
  country: o.country,
  email: o.email,
  phone: o.phone,
});

/** What a certificate order ordered (the private key is never part of it). */
export const presentCertificateDetails = (d: CertificateOrderDetails): Schemas['CertificateOrderDetails'] => ({
  certificateType: d.certificateType,
  termMonths: d.termMonths,
  keyBits: d.keyBits,
  domains: d.domains,
  owner: d.owner,
  administrator: d.administrator,
  verifications: d.verifications.map((v) => ({ domain: v.domain, method: v.method, approverEmail: v.approverEmail ?? null })),
  referenceSign: d.referenceSign,
});

/** The certificate order wizard (§2): catalog, owners, quote per step, idempotent submission, the key on request. */
export const certificateOrderHandlers = defineHandlers({
  getCertificateOrderCatalog: () => ({ ...certificateCatalog, types: certificateCatalog.types.map((t) => ({ ...t })) }),

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
