import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { SecretBox } from '../accounts/index.ts';
import { findManagedCustomer } from '../customers/index.ts';
import { NotFound, ValidationFailed, type Clock, type FieldErrors } from '../platform/index.ts';
import { CertificateOrderKey, CertificateOwner } from './certificateEntities.ts';
import { CertificateOrderFailed, generateCertificateRequest, localCertificateAuthority, type CertificateAuthority } from './certificateKeys.ts';
import {
  CERTIFICATE_DEFAULT_TERM_MONTHS,
  CERTIFICATE_KEY_BITS,
  certificateDraftErrors,
  certificateOrderPrice,
  cleanAdministrator,
  draftDomains,
  normaliseDuns,
  optionalValue,
  normaliseApprover,
  normaliseCertificateDomain,
  ownerErrors,
  type CertificateOrderDetails,
  type CertificateOrderDraft,
  type CertificateOrderStep,
  type CertificateOwnerData,
  ownerSnapshot,
} from './certificateOrder.ts';
import { Order } from './Order.ts';
import { loadPriceTable, type OrderPrice } from './pricing.ts';
import { claimKey, createOrderRow, idempotencyKeyError, requestFingerprint, type Submitted } from './submission.ts';

const ownerNotFound = () => NotFound('errors.certificate_owner_not_found');

/** The current (not replaced) certificate owners of a customer the user manages (others: 404). */
export async function listCertificateOwners(em: EntityManager, userId: number, customerId: number): Promise<CertificateOwner[]> {
  await findManagedCustomer(em, userId, customerId);
  return em.find(CertificateOwner, { customer: customerId, replacedBy: null }, { orderBy: { company: 'asc', id: 'asc' } });
}

const cleanOwner = (o: Partial<CertificateOwnerData>): CertificateOwnerData => ({
  company: o.company!.trim(),
  department: optionalValue(o.department),
  duns: o.duns?.trim() ? normaliseDuns(o.duns) : null,
  street: o.street!.trim(),
  zip: o.zip!.trim(),
  city: o.city!.trim(),
  federalState: optionalValue(o.federalState),
  country: o.country!.trim().toUpperCase(),
  email: o.email!.trim(),
  phone: o.phone!.trim(),
});

/** Adds a certificate owner to a customer (managers only; 422 with field errors). */
export async function createCertificateOwner(em: EntityManager, clock: Clock, userId: number, customerId: number, data: Partial<CertificateOwnerData>): Promise<CertificateOwner> {
  const customer = await findManagedCustomer(em, userId, customerId);
  const errors = ownerErrors(data);
  if (Object.keys(errors).length) throw ValidationFailed(errors);
  const owner = em.create(CertificateOwner, { ...cleanOwner(data), customer, createdAt: clock.now(), replacedBy: null });
  await em.flush();
  return owner;
}

/**
 * Edits a certificate owner: §5 "a certificate change creates a new owner record" — the new data is a
 * new record, the old one is marked as replaced by it (orders keep the owner they named).
 */
export async function editCertificateOwner(em: EntityManager, clock: Clock, userId: number, customerId: number, ownerId: number, data: Partial<CertificateOwnerData>): Promise<CertificateOwner> {
  const customer = await findManagedCustomer(em, userId, customerId);
  const old = await em.findOne(CertificateOwner, { id: ownerId, customer: customerId, replacedBy: null });
  if (!old) throw ownerNotFound();
  const errors = ownerErrors(data);
  if (Object.keys(errors).length) throw ValidationFailed(errors);
  const owner = em.create(CertificateOwner, { ...cleanOwner(data), customer, createdAt: clock.now(), replacedBy: null });
  await em.flush();
  old.replacedBy = owner.id;
  await em.flush();
  return owner;
}

/** Checks a draft up to a step: field rules, the customer (404 unless managed) and, from the organization step, the owner. */
async function checkDraft(em: EntityManager, userId: number, draft: CertificateOrderDraft, step: CertificateOrderStep): Promise<CertificateOwner | null> {
  const errors: FieldErrors = certificateDraftErrors(draft, step);
  if (Object.keys(errors).length) throw ValidationFailed(errors);
  await findManagedCustomer(em, userId, draft.customerId!);
  if (step !== 'organization' && step !== 'order') return null;
  const owner = await em.findOne(CertificateOwner, { id: draft.ownerId!, customer: draft.customerId!, replacedBy: null });
  if (!owner) throw ValidationFailed({ ownerId: ['errors.certificate_owner_not_found'] });
  return owner;
}

/** Checks a wizard step and prices the draft so far (stores nothing). */
export async function quoteCertificateOrder(em: EntityManager, userId: number, step: CertificateOrderStep, draft: CertificateOrderDraft): Promise<OrderPrice> {
  await checkDraft(em, userId, draft, step);
  return certificateOrderPrice(await loadPriceTable(em), { ...draft, domainCount: draftDomains(draft).domains.length });
}

/**
 * Submits a certificate order (§2 certificate order wizard), idempotently per `Idempotency-Key`, like
 * the cluster order: every step is checked, managers only, priced from the price list, stored as
 * `pending`; the provisioning job makes the key and CSR and hands them to the certificate authority.
 */
export async function submitCertificateOrder(em: EntityManager, clock: Clock, userId: number, key: string | undefined, draft: CertificateOrderDraft): Promise<Submitted> {
  const keyError = idempotencyKeyError(key);
  if (keyError) throw ValidationFailed({ idempotencyKey: [keyError] });
  const now = clock.now();
  const claim = await claimKey(em, userId, key!, requestFingerprint({ type: 'certificate', draft }), now);
  if ('order' in claim) return { order: claim.order, replayed: true };
  const owner = (await checkDraft(em, userId, draft, 'order'))!;
  const { domains } = draftDomains(draft);
  const details: CertificateOrderDetails = {
    kind: 'certificate',
    certificateType: draft.certificateType!,
    termMonths: draft.termMonths ?? CERTIFICATE_DEFAULT_TERM_MONTHS,
    keyBits: CERTIFICATE_KEY_BITS,
    domains,
    owner: ownerSnapshot(owner),
    administrator: cleanAdministrator(draft.administrator!),
    verifications: domains.map((domain) => {
      const v = draft.verifications!.find((x) => {
        const n = normaliseCertificateDomain(x.domain);
        return 'domain' in n && n.domain === domain;
      })!;
      return { domain, method: v.method, approverEmail: v.method === 'email' ? normaliseApprover(v.approverEmail) : null };
    }),
    referenceSign: draft.referenceSign?.trim() || null,
  };
  const price = certificateOrderPrice(await loadPriceTable(em), { ...details, domainCount: domains.length });
  const order = await createOrderRow(em, {
    type: 'certificate',
    status: 'pending',
    customer: draft.customerId!,
    orderedBy: userId,
    orderedAt: now,
    updatedAt: now,
    details,
    priceLines: price.lines,
    monthlyNetCents: price.monthly.netCents,
    oneTimeNetCents: price.oneTime.netCents,
    domain: domains[0],
    cluster: null,
    failureReason: null,
  });
  await (em as SqlEntityManager).execute('update "order_idempotency_keys" set "order_id" = ? where "id" = ?', [order.id, claim.claimId]);
  await em.populate(order, ['customer', 'orderedBy']);
  return { order, replayed: false };
}

/**
 * The preparation step of a certificate order (run by the provisioning job): makes the key and CSR,
 * stores the key sealed, and hands the CSR to the certificate authority. A refusal throws
 * {@link CertificateOrderFailed} (§8 "certificate order failed").
 */
export async function prepareCertificateOrder(em: EntityManager, box: SecretBox, clock: Clock, orderId: number, ca: CertificateAuthority = localCertificateAuthority): Promise<void> {
  const order = await em.findOneOrFail(Order, { id: orderId });
  const details = order.details as CertificateOrderDetails;
  let key = await em.findOne(CertificateOrderKey, { order: orderId });
  if (!key) {
    const { privateKeyPem, csrPem } = await generateCertificateRequest(details);
    key = em.create(CertificateOrderKey, { order, csrPem, privateKeySealed: box.seal(privateKeyPem, `certificate-order:${order.number}`), keyBits: CERTIFICATE_KEY_BITS, createdAt: clock.now() });
    await em.flush();
  }
  await ca.submit(details, key.csrPem);
}

/** The private key of an order, opened (only for an explicit request of a manager). */
export async function certificatePrivateKeyOf(em: EntityManager, box: SecretBox, order: Order): Promise<string | null> {
  const key = await em.findOne(CertificateOrderKey, { order: order.id });
  return key ? box.open(key.privateKeySealed, `certificate-order:${order.number}`) : null;
}

export { CertificateOrderFailed };
