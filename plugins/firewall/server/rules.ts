/**
 * The plugin's rules on top of the contract (which has checked every field's pattern and limits, see
 * `x-resources` in openapi.yaml): unique names, at most `maxItemsPerServer` entries.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';

export const maxItemsPerServer = 200;

export interface ItemInput {
  name: string;
  value: string;
}

/** An error key of the namespace; one without a message in both languages does not compile. */
const key = (k: ErrorNameOf<TranslationKey>) => `firewall:errors.${k}`;

/** Field errors for an entry to create (`id` undefined) or update, or `undefined` when it is fine. */
export function checkItem(input: ItemInput, existing: readonly { id: number; name: string }[], id?: number): FieldErrors | undefined {
  const others = existing.filter((i) => i.id !== id);
  if (others.some((i) => i.name === input.name.trim())) return { name: [key('duplicate')] };
  if (id === undefined && others.length >= maxItemsPerServer) return { _: [key('too_many')] };
  return undefined;
}
