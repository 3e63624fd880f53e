/**
 * The plugin's rules on top of the contract: a key `parseKey` accepts, a label of allowed characters, a
 * user of the fixed list, the same key at most once per user, at most `maxKeysPerUser` keys.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import { checkLabel, sshUsers } from '../shared/users.ts';
import { parseKey, type ParsedKey } from './keys.ts';

export const maxKeysPerUser = 100;

/** An error key of the namespace; one without a message in both languages does not compile. */
export const key = (k: ErrorNameOf<TranslationKey>) => `ssh:errors.${k}`;

export interface ExistingKey {
  id: number;
  user: string;
  fingerprint: string;
}

export function checkLabelField(label: string): FieldErrors | undefined {
  const problem = checkLabel(label);
  return problem ? { label: [key(`label_${problem}`)] } : undefined;
}

/** The parsed key, or the field errors of a key to add. */
export function checkNewKey(input: { user: string; label: string; publicKey: string }, existing: readonly ExistingKey[]): { ok: true; key: ParsedKey } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsed = parseKey(input.publicKey);
  if (!parsed.ok) errors.publicKey = [key(parsed.problem)];
  Object.assign(errors, checkLabelField(input.label));
  if (!(sshUsers as readonly string[]).includes(input.user)) errors.user = [key('user_unknown')];
  if (!parsed.ok || Object.keys(errors).length) return { ok: false, errors };
  const own = existing.filter((k) => k.user === input.user);
  if (own.some((k) => k.fingerprint === parsed.key.fingerprint)) return { ok: false, errors: { publicKey: [key('duplicate')] } };
  if (own.length >= maxKeysPerUser) return { ok: false, errors: { _: [key('too_many')] } };
  return { ok: true, key: parsed.key };
}
