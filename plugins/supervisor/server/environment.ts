/**
 * A program's environment: what the API accepts (`SupervisorEnvironmentInput`: a variable sent without `value` keeps
 * the value stored for its name), how it is stored (a secret's value sealed with the portal's secret box, never in
 * the clear), what the API answers (a secret: `{ name, secret: true, set: true }`, never its value), and what the
 * renderer and the diffs get (the values opened; the secret ones as they are written, to be masked).
 */
import type { Schemas } from '@portal/openapi';
import { escapeSupervisorValue, quoteSupervisorEnvValue } from '@portal/plugin-sdk/supervisor';
import type { StoredVariable } from './ProgramEntity.ts';

export type VariableInput = Schemas['SupervisorEnvironmentInput'];
export type VariableView = Schemas['SupervisorEnvironmentVariable'];

/** The secret box as the plugin gets it (`ports.secrets`). */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** Sealed for one server: a sealed value copied to another server's row does not open. */
export const secretContext = (serverId: number) => `supervisor-env:${serverId}`;

/** Names sent twice (422 `environment_duplicate`). */
export const duplicateNames = (vars: readonly VariableInput[]) => vars.some((v, i) => vars.findIndex((w) => w.name === v.name) !== i);

/**
 * Variables sent without a value that have none stored under their name, or whose stored value is a secret that
 * would become plain (and so be shown): 422 `environment_unset`.
 */
export const unsetNames = (vars: readonly VariableInput[], stored: readonly StoredVariable[]) =>
  vars
    .filter((v) => {
      const before = stored.find((s) => s.name === v.name);
      return v.value === undefined && (!before || (before.secret && !v.secret));
    })
    .map((v) => v.name);

/** The stored form of the input: a secret sealed (a value left out: the stored one, sealed again if it was plain). */
export function storeEnvironment(
  vars: readonly VariableInput[],
  stored: readonly StoredVariable[],
  box: SecretBox,
  serverId: number,
): StoredVariable[] {
  const ctx = secretContext(serverId);
  return vars.map((v) => {
    const before = stored.find((s) => s.name === v.name);
    if (v.value === undefined && before) {
      if (before.secret === v.secret) return { ...before };
      // A plain value that becomes secret (the rules refuse the other way without a new value).
      return { name: v.name, secret: true, sealed: box.seal(openVariable(before, box, serverId), ctx) };
    }
    const value = v.value ?? '';
    return v.secret ? { name: v.name, secret: true, sealed: box.seal(value, ctx) } : { name: v.name, secret: false, value };
  });
}

/** A stored variable's value in the clear (for the renderer only). */
export const openVariable = (v: StoredVariable, box: SecretBox, serverId: number): string =>
  v.secret ? (v.sealed ? box.open(v.sealed, secretContext(serverId)) : '') : (v.value ?? '');

/** What the API answers: a secret's value never. */
export const presentEnvironment = (vars: readonly StoredVariable[]): VariableView[] =>
  vars.map((v) =>
    v.secret ? { name: v.name, secret: true, set: !!v.sealed } : { name: v.name, secret: false, set: true, value: v.value ?? '' },
  );

/**
 * How a secret value appears in the rendered file (and in what supervisord prints about it), for
 * `ConfigFile.secretValues`: quoted as written, and — long enough not to mask unrelated text — as typed and escaped.
 */
export const secretForms = (value: string): string[] =>
  value.length === 0 ? [] : [quoteSupervisorEnvValue(value), ...(value.length >= 6 ? [escapeSupervisorValue(value), value] : [])];
