import type { EntityManager } from '@mikro-orm/core';
import { DomainError, ValidationFailed, type FieldErrors, type EventBus } from '../../platform/index.ts';
import { genders, isValidPhone, type Language, type User } from '../../tenancy/index.ts';

export type Gender = (typeof genders)[number];

/** The contact data of "My data" (§3 User profile, §5 Contact data). Left out: unchanged. */
export interface ContactData {
  gender?: string;
  firstname?: string;
  surname?: string;
  company?: string | null;
  department?: string | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string;
  telephone?: string | null;
  mobile?: string | null;
  language?: Language;
}

/** §5 R5.042: this department value raises a deliberate error, to test error reporting end to end. */
export const testErrorDepartment = 'TEST_SENTRY';

/** The deliberate test error (500, `errors.test_error`); the BFF logs it as such. */
export class DeliberateTestError extends DomainError {
  constructor() {
    super('internal', 'errors.test_error');
    this.name = 'DeliberateTestError';
  }
}

const blankToNull = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null || !v.trim() ? null : v.trim());

/**
 * Checks and normalises contact data: names may not be blank, gender must be one of male, female,
 * diverse, phone numbers must be valid, company and postcode at most 255 characters (the contract
 * checks lengths too). Returns the cleaned changes or throws a 422 with every broken field.
 */
export function validateContactData(input: ContactData): ContactData {
  const fields: FieldErrors = {};
  const out: ContactData = { ...input };
  for (const name of ['firstname', 'surname'] as const) {
    if (input[name] === undefined) continue;
    const v = input[name]!.trim();
    if (!v) fields[name] = ['validation.required'];
    out[name] = v;
  }
  if (input.gender !== undefined && !(genders as readonly string[]).includes(input.gender)) fields.gender = ['errors.invalid_gender'];
  for (const name of ['company', 'department', 'street', 'postcode', 'city', 'telephone', 'mobile'] as const) out[name] = blankToNull(input[name]);
  for (const name of ['company', 'postcode'] as const) if ((out[name]?.length ?? 0) > 255) fields[name] = ['validation.maxLength'];
  for (const name of ['telephone', 'mobile'] as const) {
    const v = out[name];
    if (v && !isValidPhone(v)) fields[name] = ['errors.invalid_phone'];
  }
  if (Object.keys(fields).length) throw ValidationFailed(fields);
  return out;
}

/**
 * Saves the contact data of "My data" and tells the user's other tabs (`user.updated`). The department
 * {@link testErrorDepartment} throws {@link DeliberateTestError} before anything is saved.
 */
export async function updateProfile(
  em: EntityManager,
  events: EventBus,
  user: User,
  input: ContactData,
  /** The browser tab that made the change, echoed so it can skip its own event. */
  origin?: string,
): Promise<User> {
  if (input.department?.trim() === testErrorDepartment) throw new DeliberateTestError();
  const changes = validateContactData(input);
  const { gender, ...rest } = changes;
  em.assign(user, { ...rest, ...(gender ? { gender: gender as Gender } : {}) });
  await em.flush();
  await events.publish('user.updated', { id: user.id, language: user.language, origin }, { users: [user.id] });
  return user;
}
