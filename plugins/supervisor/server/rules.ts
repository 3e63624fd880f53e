/**
 * The plugin's rules on top of the contract (which has checked every field's pattern and limits, see `x-resources`
 * in openapi.yaml): unique names, at most `maxProgramsPerServer` programs, a command that does not start with a
 * quote it never closes (supervisord splits it like a shell) and that supervisord's ini reader does not cut at a
 * comment; unique variable names, and a variable sent without a value only when one is stored under its name.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import { duplicateNames, unsetNames, type VariableInput } from './environment.ts';
import type { StoredVariable } from './ProgramEntity.ts';

export const maxProgramsPerServer = 100;

/** An error key of the namespace; one without a message in both languages does not compile. */
const key = (k: ErrorNameOf<TranslationKey>) => `supervisor:errors.${k}`;

/** Whether the quotes of a command line are balanced (shlex would refuse it: "No closing quotation"). */
export function quotesBalanced(command: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i++;
  }
  return !quote;
}

/**
 * Whether supervisord's ini reader would cut the line: a `;` or `#` after whitespace starts an inline comment there,
 * inside quotes too (`sh -c "a ; b"` would reach the program as `sh -c "a`).
 */
export const cutByComment = (value: string) => /\s[;#]/.test(value);

/** Field errors for a program to create (`id` undefined) or update, or `undefined` when it is fine. */
export function checkProgram(
  input: { name: string; command: string; environment?: readonly VariableInput[] },
  existing: readonly { id: number; name: string }[],
  id?: number,
  storedEnvironment: readonly StoredVariable[] = [],
): FieldErrors | undefined {
  const others = existing.filter((p) => p.id !== id);
  if (others.some((p) => p.name === input.name.trim())) return { name: [key('duplicate')] };
  if (!quotesBalanced(input.command)) return { command: [key('command_quotes')] };
  if (cutByComment(input.command)) return { command: [key('command_comment')] };
  const env = input.environment ?? [];
  if (duplicateNames(env)) return { environment: [key('environment_duplicate')] };
  if (unsetNames(env, storedEnvironment).length) return { environment: [key('environment_unset')] };
  if (id === undefined && others.length >= maxProgramsPerServer) return { _: [key('too_many')] };
  return undefined;
}
