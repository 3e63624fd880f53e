/**
 * The plugin's rules on top of the contract (which already bounds and restricts every field): checked
 * again here, since whatever reaches the renderer becomes part of a file on the server.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';

export const maxItemsPerServer = 200;
export const namePattern = /^[a-z][a-z0-9_]{0,63}$/;
export const valuePattern = /^[A-Za-z0-9 ._/:@+-]{1,255}$/;

export interface ItemInput {
  name: string;
  value: string;
}

/** An error key of the namespace; one without a message in both languages does not compile. */
const key = (k: ErrorNameOf<TranslationKey>) => `__id__:errors.${k}`;

/** Field errors for an entry to create, or `undefined` when it is fine. */
export function checkItem(input: ItemInput, existing: readonly { name: string }[]): FieldErrors | undefined {
  const errors: FieldErrors = {};
  if (!namePattern.test(input.name)) errors.name = [key('name_format')];
  if (!valuePattern.test(input.value) || input.value.trim() !== input.value) errors.value = [key('value_format')];
  if (Object.keys(errors).length) return errors;
  if (existing.some((i) => i.name === input.name)) return { name: [key('duplicate')] };
  if (existing.length >= maxItemsPerServer) return { _: [key('too_many')] };
  return undefined;
}
