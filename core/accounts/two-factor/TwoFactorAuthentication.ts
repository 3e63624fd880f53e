import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * A user's authenticator app (TOTP, RFC 6238) and recovery phone number. The row exists from the
 * activation on; `User.twoFactorEnabled/twoFactorConfirmed` mirror its state for the profile.
 * The secret is stored encrypted (AES-256-GCM, see `twoFactorSecretBox.ts`), never in plain text.
 */
export const TwoFactorAuthentication = defineEntity({
  name: 'TwoFactorAuthentication',
  tableName: 'two_factor_authentications',
  properties: {
    user: () => p.oneToOne(User).primary().deleteRule('cascade'),
    secretEncrypted: p.text().hidden().lazy(),
    /** The last TOTP time step accepted; a code of this step or an earlier one is refused (no replay). */
    lastUsedStep: p.bigint('number').nullable(),
    /** The recovery phone number (§3 `phone_number`), E.164. */
    recoveryPhone: p.string().length(32).nullable(),
    createdAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
  },
});
export type TwoFactorAuthentication = InferEntity<typeof TwoFactorAuthentication>;
