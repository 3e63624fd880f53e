import i18next from 'i18next';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { isBlank } from './validators';

/** National numbers are read as German ones, like on the server. */
export const isPhoneNumber = (value: string): boolean => isValidPhoneNumber(value, 'DE');

/** Empty is fine (optional field); otherwise a valid phone number. */
export const phoneMessage = (value: unknown): string | undefined =>
  isBlank(value) || isPhoneNumber(String(value)) ? undefined : i18next.t('errors:invalid_phone');
