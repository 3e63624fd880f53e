import type { UserProfile } from '../http/auth.ts';
import type { Schemas } from '@portal/openapi';

/** The signed-in user as the API shows it; never the password hash or second-factor secrets. */
export const presentMe = (u: UserProfile): Schemas['Me'] => ({
  id: u.id,
  email: u.email,
  firstname: u.firstname,
  surname: u.surname,
  language: u.language,
  forcedMode: u.forcedMode,
  darkMode: u.darkMode,
  container: u.container,
  isPartner: u.isPartner,
  emailVerified: u.emailVerified,
  twoFactorEnabled: u.twoFactorEnabled,
  twoFactorConfirmed: u.twoFactorConfirmed,
});
