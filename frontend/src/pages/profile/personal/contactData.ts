import type { BodyOf } from '@portal/openapi';
import type { Profile } from '../../../api/profile';
import { phoneMessage } from '../../../forms/phone';
import { collectErrors, maxLengthMessage, requiredMessage } from '../../../forms/validators';

export const genders = ['male', 'female', 'diverse'] as const;
export const languages = ['de', 'en'] as const;

/** The contact data form's values: every text field as a string ('' for empty). */
export interface ContactValues {
  gender: string;
  firstname: string;
  surname: string;
  company: string;
  department: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  telephone: string;
  mobile: string;
  language: string;
}

/** §9 defaults: gender male, country de, language de. */
export function contactValues(p: Profile | undefined): ContactValues {
  return {
    gender: p?.gender ?? 'male',
    firstname: p?.firstname ?? '',
    surname: p?.surname ?? '',
    company: p?.company ?? '',
    department: p?.department ?? '',
    street: p?.street ?? '',
    postcode: p?.postcode ?? '',
    city: p?.city ?? '',
    country: p?.country ?? 'de',
    telephone: p?.telephone ?? '',
    mobile: p?.mobile ?? '',
    language: p?.language ?? 'de',
  };
}

/** §5 Contact data, checked before sending (the server checks the same). */
export function validateContact(v: Partial<ContactValues>): Partial<Record<keyof ContactValues, string>> {
  return collectErrors({
    firstname: requiredMessage(v.firstname),
    surname: requiredMessage(v.surname),
    company: maxLengthMessage(v.company, 255),
    postcode: maxLengthMessage(v.postcode, 255),
    telephone: phoneMessage(v.telephone),
    mobile: phoneMessage(v.mobile),
    gender: requiredMessage(v.gender),
    country: requiredMessage(v.country),
    language: requiredMessage(v.language),
  });
}

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The form's values as the `updateProfile` body: empty optional fields become null. */
export function contactBody(v: ContactValues): BodyOf<'updateProfile'> {
  return {
    gender: v.gender,
    firstname: v.firstname.trim(),
    surname: v.surname.trim(),
    company: orNull(v.company),
    department: orNull(v.department),
    street: orNull(v.street),
    postcode: orNull(v.postcode),
    city: orNull(v.city),
    country: v.country as BodyOf<'updateProfile'>['country'],
    telephone: orNull(v.telephone),
    mobile: orNull(v.mobile),
    language: v.language as 'de' | 'en',
  };
}
