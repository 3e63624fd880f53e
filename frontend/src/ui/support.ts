/** The support contact shown in the footer and in error messages (§8); no dependencies, so the sign-in page can use it. */
export const support = { phone: '+49 30 1234567-0', email: 'support@example.com' } as const;

/** `tel:` and `mailto:` links of the support contact. */
export const supportLinks = {
  tel: `tel:${support.phone.replace(/[^+\d]/g, '')}`,
  mailto: `mailto:${support.email}`,
} as const;
