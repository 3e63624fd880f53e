/**
 * The plugin's rules on top of the contract (which has checked every field's pattern and limits, `x-resources` in
 * openapi.yaml): unique names, port ranges that do not overlap (instance i on port+i, the health check on
 * port+instances), a Node.js version installed on the server, and the environment's lines — a name alone keeps its
 * stored value, `PORT` and `HOST` are the portal's. Pure.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';

export const maxAppsPerServer = 50;
/** Set by the portal for each instance (`environment=` of its program). */
export const reservedNames = ['PORT', 'HOST'];

const key = (k: ErrorNameOf<TranslationKey>) => `nodejs:errors.${k}`;

/** One line of the environment field: a name with a value, or a name alone (keep the stored value). */
export interface EnvLine {
  name: string;
  value?: string;
}

/** The lines of the environment field (empty lines skipped); `undefined` when one is malformed. */
export function parseEnvironment(text: string): EnvLine[] | undefined {
  const out: EnvLine[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) continue;
    // eslint-disable-next-line no-control-regex -- control characters are refused
    const m = /^([A-Za-z_][A-Za-z0-9_]{0,63})(?:=([^\u0000-\u001f\u007f']*))?$/.exec(line.trim());
    if (!m) return undefined;
    out.push(m[2] === undefined ? { name: m[1] } : { name: m[1], value: m[2] });
  }
  return out;
}

/** The variables after an input: new values, and stored ones kept for a name alone; `undefined` for an unknown name. */
export function mergeEnvironment(lines: readonly EnvLine[], stored: readonly (readonly [string, string])[]): [string, string][] | undefined {
  const old = new Map(stored);
  const out: [string, string][] = [];
  for (const l of lines) {
    const value = l.value ?? old.get(l.name);
    if (value === undefined) return undefined;
    out.push([l.name, value]);
  }
  return out;
}

/** The ports an app takes: its instances and the health check's. */
export const portRange = (a: { port: number; instances: number }): [number, number] => [a.port, a.port + a.instances];

export interface AppRuleInput {
  name: string;
  nodeVersion: string;
  port: number;
  instances: number;
  environment: string;
}

/** Field errors for an app to create (`id` undefined) or update, or `undefined` when it is fine. */
export function checkApp(
  input: AppRuleInput,
  existing: readonly { id: number; name: string; port: number; instances: number; environmentNames: string }[],
  installed: readonly string[],
  id?: number,
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const others = existing.filter((a) => a.id !== id);
  if (id === undefined && others.length >= maxAppsPerServer) return { _: [key('too_many')] };
  if (others.some((a) => a.name === input.name.trim())) errors.name = [key('duplicate')];
  if (!installed.includes(input.nodeVersion)) errors.nodeVersion = [key('version_missing')];
  const [from, to] = portRange(input);
  if (to > 65535 || others.some((a) => portRange(a)[0] <= to && from <= portRange(a)[1])) errors.port = [key('port_taken')];
  const lines = parseEnvironment(input.environment);
  const current = existing.find((a) => a.id === id);
  const storedNames = new Set(current?.environmentNames.split('\n').filter(Boolean) ?? []);
  if (!lines || new Set(lines.map((l) => l.name)).size !== lines.length) errors.environment = [key('environment_format')];
  else if (lines.some((l) => reservedNames.includes(l.name))) errors.environment = [key('environment_reserved')];
  else if (lines.some((l) => l.value === undefined && !storedNames.has(l.name))) errors.environment = [key('environment_unknown')];
  return Object.keys(errors).length ? errors : undefined;
}
