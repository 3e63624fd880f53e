import type { EntityManager } from '@mikro-orm/core';
import { isValidPhone, type Customer } from '../tenancy/index.ts';
import { Conflict, NotFound, ValidationFailed, type FieldErrors } from '../platform/index.ts';
import { DomainHandle, DomainHandleUsage } from './DomainHandle.ts';

/** Every field of a handle (§3 Domain handle) as a form sends it. */
export interface HandleData {
  kind: 'person' | 'company';
  seOwner: boolean;
  company: string | null;
  firstname: string;
  surname: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  fax: string | null;
  idCardNumber: string | null;
  birthday: string | null;
  companyRegistrationNumber: string | null;
  taxId: string | null;
}

const blank = (v: string | null | undefined) => !v?.trim();

/**
 * Field errors of a handle: names, address, e-mail and phone are required, a company handle needs its
 * company; §5 `.se` owner rule — a private person needs a tax code, a company a commercial register
 * number (§8 messages).
 */
export function handleErrors(h: HandleData): FieldErrors {
  const fields: FieldErrors = {};
  for (const name of ['firstname', 'surname', 'street', 'postalCode', 'city', 'email', 'phone'] as const) if (blank(h[name])) fields[name] = ['validation.required'];
  if (h.kind === 'company' && blank(h.company)) fields.company = ['validation.required'];
  if (!fields.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(h.email.trim())) fields.email = ['validation.format.email'];
  if (!fields.phone && !isValidPhone(h.phone.trim())) fields.phone = ['errors.invalid_phone'];
  if (h.fax?.trim() && !isValidPhone(h.fax.trim())) fields.fax = ['errors.invalid_phone'];
  if (h.birthday?.trim() && !/^\d{4}-\d{2}-\d{2}$/.test(h.birthday.trim())) fields.birthday = ['validation.format.date'];
  if (h.seOwner && h.kind === 'person' && blank(h.taxId)) fields.taxId = ['errors.handle_se_tax_code_required'];
  if (h.seOwner && h.kind === 'company' && blank(h.companyRegistrationNumber)) fields.companyRegistrationNumber = ['errors.handle_se_register_required'];
  return fields;
}

const clean = (h: HandleData) => ({
  kind: h.kind,
  seOwner: h.seOwner,
  company: h.company?.trim() || null,
  firstname: h.firstname.trim(),
  surname: h.surname.trim(),
  street: h.street.trim(),
  postalCode: h.postalCode.trim(),
  city: h.city.trim(),
  country: h.country,
  email: h.email.trim().toLowerCase(),
  phone: h.phone.trim(),
  fax: h.fax?.trim() || null,
  idCardNumber: h.idCardNumber?.trim() || null,
  birthday: h.birthday?.trim() || null,
  companyRegistrationNumber: h.companyRegistrationNumber?.trim() || null,
  taxId: h.taxId?.trim() || null,
});

/** The handles of a customer with the contracts using each. */
export async function listHandles(em: EntityManager, customer: Customer): Promise<{ handle: DomainHandle; usages: DomainHandleUsage[] }[]> {
  const handles = await em.find(DomainHandle, { customer: customer.id }, { orderBy: { handle: 'asc' } });
  const usages = handles.length ? await em.find(DomainHandleUsage, { handle: { $in: handles.map((h) => h.id) } }) : [];
  return handles.map((handle) => ({ handle, usages: usages.filter((u) => u.handle.id === handle.id) }));
}

/** §8 "Owner handle could not be retrieved": unknown or another customer's handle. */
async function handleOf(em: EntityManager, customer: Customer, handleId: number): Promise<DomainHandle> {
  const handle = await em.findOne(DomainHandle, { id: handleId, customer: customer.id });
  if (!handle) throw NotFound('errors.handle_not_found');
  return handle;
}

/** Creates a handle; its id is `H<customer number>-<n>`. */
export async function createHandle(em: EntityManager, customer: Customer, data: HandleData): Promise<DomainHandle> {
  const fields = handleErrors(data);
  if (Object.keys(fields).length) throw ValidationFailed(fields);
  return em.transactional(async (tx) => {
    const existing = await tx.find(DomainHandle, { customer: customer.id }, { fields: ['handle'] });
    const next = Math.max(0, ...existing.map((h) => Number(h.handle.split('-').at(-1)) || 0)) + 1;
    const handle = tx.create(DomainHandle, { ...clean(data), customer: customer.id, handle: `H${customer.number}-${next}` } as unknown as DomainHandle);
    await tx.flush();
    return handle;
  });
}

export async function updateHandle(em: EntityManager, customer: Customer, handleId: number, data: HandleData): Promise<DomainHandle> {
  const handle = await handleOf(em, customer, handleId);
  const fields = handleErrors(data);
  if (Object.keys(fields).length) throw ValidationFailed(fields);
  em.assign(handle, clean(data) as Partial<DomainHandle>);
  await em.flush();
  return handle;
}

/** Deletes a handle; refused (409, §8) while a contract uses it. */
export async function deleteHandle(em: EntityManager, customer: Customer, handleId: number): Promise<void> {
  const handle = await handleOf(em, customer, handleId);
  if (await em.count(DomainHandleUsage, { handle: handle.id })) throw Conflict('errors.handle_in_use');
  em.remove(handle);
  await em.flush();
}
