import { emailUnverified, type User } from '@portal/core/accounts';
import type { Schemas } from '@portal/openapi';

/** "My data" as the API shows it: contact data and e-mail state, never a hash or second-factor secret. */
export const presentProfile = (u: User): Schemas['Profile'] => ({
  id: u.id,
  gender: u.gender,
  firstname: u.firstname,
  surname: u.surname,
  email: u.email,
  // §4: a pending change counts as unverified.
  emailVerified: !emailUnverified(u),
  emailUpdateRequest: u.emailUpdateRequest ?? null,
  telephone: u.telephone ?? null,
  mobile: u.mobile ?? null,
  company: u.company ?? null,
  department: u.department ?? null,
  street: u.street ?? null,
  postcode: u.postcode ?? null,
  city: u.city ?? null,
  country: u.country as Schemas['Country'],
  language: u.language,
  darkMode: u.darkMode,
  twoFactorEnabled: u.twoFactorEnabled,
  twoFactorConfirmed: u.twoFactorConfirmed,
});

export const presentTechnicalNotifications = (subscribed: boolean): Schemas['TechnicalNotifications'] => ({ subscribed });
