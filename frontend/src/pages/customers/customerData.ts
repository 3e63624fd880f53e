import type { BodyOf } from '@portal/openapi';
import type { CustomerDetail } from '../../api/customers';
import { collectErrors, maxLengthMessage, requiredMessage } from '../../forms/validators';

/** The customer data form's values: every field as a string ('' for empty). */
export interface CustomerValues {
  company: string;
  department: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  language: string;
  vatId: string;
  referenceSign: string;
  invoiceEmails: string;
  reminderEmails: string;
  /** A user id as a string; '' for none. */
  contactPersonId: string;
}

/** The form's values from a customer; e-mail lists one address per line. */
export function customerValues(c: CustomerDetail): CustomerValues {
  return {
    company: c.company,
    department: c.department ?? '',
    street: c.street,
    zip: c.zip,
    city: c.city,
    country: c.country,
    phone: c.phone ?? '',
    language: c.language,
    vatId: c.vatId ?? '',
    referenceSign: c.referenceSign ?? '',
    invoiceEmails: c.invoiceEmails.join('\n'),
    reminderEmails: c.reminderEmails.join('\n'),
    contactPersonId: c.contactPerson ? String(c.contactPerson.id) : '',
  };
}

/** §5, checked before sending; the server checks the same and more (VAT checksum, e-mail lists, contact person). */
export function validateCustomer(v: Partial<CustomerValues>): Partial<Record<keyof CustomerValues, string>> {
  return collectErrors({
    company: requiredMessage(v.company) ?? maxLengthMessage(v.company, 255),
    street: requiredMessage(v.street) ?? maxLengthMessage(v.street, 255),
    zip: requiredMessage(v.zip) ?? maxLengthMessage(v.zip, 255),
    city: requiredMessage(v.city) ?? maxLengthMessage(v.city, 255),
    department: maxLengthMessage(v.department, 255),
    referenceSign: maxLengthMessage(v.referenceSign, 255),
    vatId: maxLengthMessage(v.vatId, 32),
    invoiceEmails: requiredMessage(v.invoiceEmails) ?? maxLengthMessage(v.invoiceEmails, 4000),
    reminderEmails: maxLengthMessage(v.reminderEmails, 4000),
  });
}

// react-final-form leaves a cleared field undefined, whatever its initial value was.
const text = (v: string | undefined) => (v ?? '').trim();
const orNull = (v: string | undefined) => text(v) || null;

/** The form's values as the `updateCustomer` body. */
export function customerBody(v: CustomerValues): BodyOf<'updateCustomer'> {
  return {
    company: text(v.company),
    department: orNull(v.department),
    street: text(v.street),
    zip: text(v.zip),
    city: text(v.city),
    country: v.country as BodyOf<'updateCustomer'>['country'],
    phone: orNull(v.phone),
    language: v.language === 'en' ? 'en' : 'de',
    vatId: orNull(v.vatId),
    referenceSign: orNull(v.referenceSign),
    invoiceEmails: v.invoiceEmails ?? '',
    reminderEmails: orNull(v.reminderEmails),
    contactPersonId: v.contactPersonId ? Number(v.contactPersonId) : null,
  };
}

export type CustomerSort = { by: 'number' | 'company' | 'city' | 'clusterCount'; direction: 'asc' | 'desc' };

/** Sorts the customer list (§2 "sort customers"). */
export function sortCustomers<T extends { number: number; company: string; city: string; clusterCount: number }>(rows: T[], sort: CustomerSort, language: string): T[] {
  const collator = new Intl.Collator(language);
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.by];
    const y = b[sort.by];
    return factor * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
  });
}
