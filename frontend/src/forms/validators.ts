import i18next from 'i18next';

/**
 * Client-side checks of §5 that every form shares; each returns a translated message or undefined.
 * The server checks the same rules and its field errors win (`submitErrors`). Phone numbers are in
 * `phone.ts` (their metadata is large, so only forms with phone fields load it).
 */

export const isBlank = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';

export const requiredMessage = (value: unknown): string | undefined => (isBlank(value) ? i18next.t('errors:validationField.required') : undefined);

export const isEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const emailMessage = (value: unknown): string | undefined =>
  requiredMessage(value) ?? (isEmailAddress(String(value)) ? undefined : i18next.t('errors:validationField.format.email'));

export const maxLengthMessage = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length > max ? i18next.t('errors:validationField.maxLength') : undefined;

/** §5/§9: 12 to 255 characters (the strength rule is the server's, see PasswordStrength for a hint). */
export const passwordLengthMessage = (value: unknown): string | undefined => {
  const length = [...String(value ?? '')].length;
  if (!length) return i18next.t('errors:validationField.required');
  return length < 12 || length > 255 ? i18next.t('errors:password_length') : undefined;
};

/** The confirmation is required and must equal the password. */
export const confirmationMessage = (value: unknown, password: unknown): string | undefined =>
  requiredMessage(value) ?? (value === password ? undefined : i18next.t('errors:password_confirmation'));

/** Keeps only the messages that are set: `validate` results for react-final-form. */
export function collectErrors<T extends string>(entries: Record<T, string | undefined>): Partial<Record<T, string>> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v)) as Partial<Record<T, string>>;
}
