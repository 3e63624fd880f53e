/**
 * A resource's declaration as the generator writes it from `x-resources` of a plugin's `openapi.yaml`
 * (`plugins/<id>/generated/resources.ts`), shared by the server (`defineResource`) and the web
 * (`ResourcePage`, `ResourceForm`): the operation ids, the item's path parameter, the list's page size
 * and every input field's type and limits, so a pattern is written once, in the contract.
 */
import type { OperationId } from '@portal/openapi';

/** One input field: its JSON Schema facts (a `$ref` resolved). */
export interface ResourceField {
  readonly type?: string | readonly string[];
  readonly enum?: readonly (string | number)[];
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A JSON Schema (ECMA-262, Unicode) pattern. */
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly format?: string;
}

export interface ResourceDeclaration {
  readonly pluginId: string;
  /** The key in `x-resources` (the singular of its operation ids). */
  readonly name: string;
  /** The item's path parameter, e.g. `cronjobId`. */
  readonly idParam: string;
  /** The presented schema's name in the contract's components, e.g. `CronjobsJob`. */
  readonly schema: string;
  readonly input: string;
  /** The list's page size (default and maximum of `per_page`). */
  readonly perPage: number;
  readonly update: 'put' | 'patch';
  /** The fields a PATCH changes. */
  readonly patch?: readonly string[];
  readonly operations: {
    readonly list?: OperationId;
    readonly get?: OperationId;
    readonly create?: OperationId;
    readonly update?: OperationId;
    readonly delete?: OperationId;
  };
  readonly fields: Readonly<Record<string, ResourceField>>;
}

/** Why a value breaks a field's declaration (the portal's `validation.<rule>` keys), or `undefined`. */
export type FieldProblem = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'enum' | 'type' | 'minimum' | 'maximum';

const patterns = new Map<string, RegExp>();
/** The field's pattern as a RegExp (Unicode, as the contract's validator reads it). */
export function fieldPattern(field: ResourceField): RegExp | undefined {
  if (!field.pattern) return undefined;
  let re = patterns.get(field.pattern);
  if (!re) patterns.set(field.pattern, (re = new RegExp(field.pattern, 'u')));
  return re;
}

const typesOf = (field: ResourceField) => (Array.isArray(field.type) ? field.type : field.type ? [field.type] : []) as readonly string[];

/** Checks one value against its field as the contract does (the form's first check; the server's validator runs the same). */
export function checkField(field: ResourceField, value: unknown): FieldProblem | undefined {
  const types = typesOf(field);
  // A text field that declares `minLength: 0` may be empty (supervisor's directory, the firewall's sources): then only its pattern counts.
  if (value === '' && field.minLength === 0) return fieldPattern(field)?.test('') === false ? 'pattern' : undefined;
  if (value === undefined || value === '' || value === null) {
    if (value === null && types.includes('null')) return undefined;
    return types.includes('boolean') ? undefined : 'required';
  }
  if (field.enum) return field.enum.includes(value as string | number) ? undefined : 'enum';
  if (typeof value === 'string') {
    if (types.length && !types.includes('string')) return 'type';
    if (field.minLength !== undefined && [...value].length < field.minLength) return 'minLength';
    if (field.maxLength !== undefined && [...value].length > field.maxLength) return 'maxLength';
    if (!(fieldPattern(field)?.test(value) ?? true)) return 'pattern';
    return undefined;
  }
  if (typeof value === 'number') {
    if (types.length && !types.includes('integer') && !types.includes('number')) return 'type';
    if (types.includes('integer') && !Number.isInteger(value)) return 'type';
    if (field.minimum !== undefined && value < field.minimum) return 'minimum';
    if (field.maximum !== undefined && value > field.maximum) return 'maximum';
    return undefined;
  }
  if (typeof value === 'boolean') return types.length && !types.includes('boolean') ? 'type' : undefined;
  return undefined;
}

/** Every field's problem (`{ name: 'pattern' }`), for values of a resource's input. */
export function checkFields(decl: Pick<ResourceDeclaration, 'fields'>, values: Record<string, unknown>): Partial<Record<string, FieldProblem>> {
  const out: Partial<Record<string, FieldProblem>> = {};
  for (const [name, field] of Object.entries(decl.fields)) {
    const p = checkField(field, values[name]);
    if (p) out[name] = p;
  }
  return out;
}
