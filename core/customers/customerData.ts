import type { EntityManager } from '@mikro-orm/core';
import { isValidPhone, type Customer, CustomerManager } from '../tenancy/index.ts';
import { ValidationFailed, type FieldErrors } from '../platform/index.ts';
import { compactVatId, vatIdError } from './vatId.ts';

/** The editable company data of a customer (§3 Customer); number and new-customer date are not editable. */
export interface CustomerData {
  company: string;
  department: string | null;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string | null;
  language: 'de' | 'en';
  vatId: string | null;
  referenceSign: string | null;
  /** Several addresses, separated by comma or newline. */
  invoiceEmails: string;
  /** Empty: the invoice e-mails are used. */
  reminderEmails: string | null;
  /** A user id; must be an active manager of the customer (§5). */
  contactPersonId: number | null;
}

// The same simple shape the contract's `format: email` accepts (ajv-formats, "fast" mode).
const emailPattern = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Splits an address list at commas, semicolons and line breaks, trims, drops empties and duplicates. */
export function parseEmailList(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (value ?? '').split(/[,;\r\n]+/)) {
    const email = part.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

/** The reminder addresses in effect: the reminder e-mails, else the invoice e-mails (§3). */
export const effectiveReminderEmails = (c: Pick<Customer, 'invoiceEmails' | 'reminderEmails'>): string[] =>
  parseEmailList(c.reminderEmails).length ? parseEmailList(c.reminderEmails) : parseEmailList(c.invoiceEmails);

/** Field errors of company data without the database (contact person is checked by `updateCustomerData`). */
export function customerDataErrors(input: CustomerData): FieldErrors {
  const fields: FieldErrors = {};
  for (const name of ['company', 'street', 'zip', 'city'] as const) if (!input[name].trim()) fields[name] = ['validation.required'];
  if (input.phone?.trim() && !isValidPhone(input.phone.trim())) fields.phone = ['errors.invalid_phone'];
  const vat = vatIdError(input.country, input.vatId);
  if (vat) fields.vatId = [vat];
  const invoice = parseEmailList(input.invoiceEmails);
  if (!invoice.length) fields.invoiceEmails = ['validation.required'];
  else if (invoice.some((e) => !emailPattern.test(e))) fields.invoiceEmails = ['errors.email_list_invalid'];
  if (parseEmailList(input.reminderEmails).some((e) => !emailPattern.test(e))) fields.reminderEmails = ['errors.email_list_invalid'];
  return fields;
}

/** The active managers of a customer: the contact person candidates (§5). */
export async function activeManagers(em: EntityManager, customerId: number): Promise<CustomerManager[]> {
  return em.find(CustomerManager, { customer: customerId, active: true }, { populate: ['user'], orderBy: { user: { surname: 'asc', firstname: 'asc' } } });
}

/**
 * Saves a customer's company data, e-mail lists and contact person. Every field error comes back at
 * once as 422 and nothing is stored; the contact person must be an active manager of the customer (§5).
 */
export async function updateCustomerData(em: EntityManager, customer: Customer, input: CustomerData): Promise<Customer> {
  const fields = customerDataErrors(input);
  if (input.contactPersonId !== null) {
    const candidate = await em.count(CustomerManager, { customer: customer.id, user: input.contactPersonId, active: true });
    if (!candidate) fields.contactPersonId = ['errors.contact_person_not_active_manager'];
  }
  if (Object.keys(fields).length) throw ValidationFailed(fields);
  const reminder = parseEmailList(input.reminderEmails);
  em.assign(customer, {
    company: input.company.trim(),
    department: input.department?.trim() || null,
    street: input.street.trim(),
    zip: input.zip.trim(),
    city: input.city.trim(),
    country: input.country,
    phone: input.phone?.trim() || null,
    language: input.language,
    vatId: input.vatId?.trim() ? compactVatId(input.vatId) : null,
    referenceSign: input.referenceSign?.trim() || null,
    invoiceEmails: parseEmailList(input.invoiceEmails).join('\n'),
    reminderEmails: reminder.length ? reminder.join('\n') : null,
    contactPerson: input.contactPersonId,
  } as Partial<Customer>);
  await em.flush();
  await em.populate(customer, ['contactPerson'], { refresh: true });
  return customer;
}
