/**
 * The settings of a config service (the config family, docs/plugins.md "Config services"), as the
 * generator reads them from the plugin's contract (`x-config` in its `openapi.yaml`) into
 * `plugins/<id>/generated/config.ts`: every field with its type, limits and default, written once. The
 * router enforces them on the way in (the bundled contract), `checkSettings` enforces them again in the
 * family's handler and in the settings form, so the three never disagree. Shared by server and web.
 */

/** One setting. Strings always carry `maxLength` and a `pattern` or an `enum` (the bundler refuses others). */
export type ConfigField =
  | { type: 'integer' | 'number'; default: number; minimum?: number; maximum?: number; unit?: string }
  | { type: 'string'; default: string; maxLength: number; pattern?: string; enum?: readonly string[]; secret?: boolean }
  | { type: 'boolean'; default: boolean };

/** Values of settings, by field name. */
export type SettingsValues = Record<string, string | number | boolean>;

/** What the generator writes for a plugin with `x-config`: its id, the operations the family answers, the fields. */
export interface ConfigSpec<S extends SettingsValues = SettingsValues> {
  pluginId: string;
  operations: { get: string; update: string };
  fields: { readonly [K in keyof S]: ConfigField };
  /** Never set: carries the settings' type (the contract's `<Id>Settings`) to `defaultsOf` and `defineConfigService`. */
  readonly settingsType?: S;
}

/** The settings before anything was changed: every field's `default`. */
export function defaultsOf<S extends SettingsValues>(spec: Pick<ConfigSpec<S>, 'fields' | 'settingsType'>): S {
  return Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [name, (field as ConfigField).default])) as S;
}

/** Stored settings with fields added since (their default) and fields no longer declared left out. */
export function withDefaults<S extends SettingsValues>(
  spec: Pick<ConfigSpec<S>, 'fields' | 'settingsType'>,
  stored: Partial<SettingsValues> | null | undefined,
): S {
  const defaults = defaultsOf(spec);
  for (const name of Object.keys(defaults) as (keyof S & string)[]) {
    const value = stored?.[name];
    if (value !== undefined && typeof value === typeof defaults[name]) (defaults as SettingsValues)[name] = value;
  }
  return defaults;
}

/** A field error, as the router says it (`validation.<rule>`): the same keys for the server's 422 and the form. */
export type FieldRule = 'required' | 'type' | 'minimum' | 'maximum' | 'maxLength' | 'pattern' | 'enum' | 'characters';

/** The rule one value breaks, or nothing. A line break or NUL is never part of a setting (config injection). */
export function checkField(field: ConfigField, value: unknown): FieldRule | undefined {
  if (value === undefined || value === null || value === '')
    return field.type === 'string' && field.default === '' && value === '' ? undefined : 'required';
  if (field.type === 'boolean') return typeof value === 'boolean' ? undefined : 'type';
  if (field.type === 'integer' || field.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value) || (field.type === 'integer' && !Number.isInteger(value))) return 'type';
    if (field.minimum !== undefined && value < field.minimum) return 'minimum';
    if (field.maximum !== undefined && value > field.maximum) return 'maximum';
    return undefined;
  }
  if (field.type !== 'string' || typeof value !== 'string') return 'type';
  if (/[\r\n\0]/.test(value)) return 'characters';
  if (value.length > field.maxLength) return 'maxLength';
  if (field.enum && !field.enum.includes(value)) return 'enum';
  if (field.pattern && !new RegExp(field.pattern, 'u').test(value)) return 'pattern';
  return undefined;
}

/** A form's values with number fields' texts as numbers (an empty text stays empty, so "required" shows). */
export function coerceSettings(spec: Pick<ConfigSpec, 'fields'>, values: Record<string, unknown>): SettingsValues {
  const out: Record<string, unknown> = { ...values };
  for (const [name, field] of Object.entries(spec.fields))
    if ((field.type === 'integer' || field.type === 'number') && typeof values[name] === 'string' && values[name] !== '')
      out[name] = Number(values[name]);
  return out as SettingsValues;
}

/** Every field's broken rule as `{ field: ['validation.<rule>'] }` (the 422 shape), or `undefined` when all are fine. */
export function checkSettings(spec: Pick<ConfigSpec, 'fields'>, values: Partial<SettingsValues>): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const rule = checkField(field, values[name]);
    if (rule) errors[name] = [`validation.${rule}`];
  }
  for (const name of Object.keys(values)) if (!(name in spec.fields)) errors[name] = ['validation.additionalProperties'];
  return Object.keys(errors).length ? errors : undefined;
}

/** The fields whose value differs, in declaration order (the change log line names them). */
export function changedFields<S extends SettingsValues>(
  spec: Pick<ConfigSpec<S>, 'fields' | 'settingsType'>,
  before: S,
  after: S,
): (keyof S & string)[] {
  return (Object.keys(spec.fields) as (keyof S & string)[]).filter((name) => before[name] !== after[name]);
}
