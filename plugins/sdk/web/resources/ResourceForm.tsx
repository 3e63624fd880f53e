import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { FormApi, SubmissionErrors } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useRuntimeTranslation } from '../kit/usePluginTranslation.ts';
import { useParams } from 'react-router';
import { checkField, type ResourceDeclaration } from '../../resources/index.ts';
import { FormSelect, FormSwitch, FormTextField, type FormTextFieldProps } from '../kit/FormFields.tsx';
import { FormActions, FormError, FormPage, useSectionForm } from '../kit/FormPage.tsx';
import { useManagedHost } from '../runtime.tsx';
import { endpointOf, type ResourceApi } from './api.ts';
import { useResourceTexts } from './texts.ts';

type Values = Record<string, unknown>;

/**
 * A value as sent: text trimmed, and a number typed into an integer or number field a number (a mailbox's quota, an
 * application's port).
 */
function sent(field: ResourceDeclaration['fields'][string] | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const types = ([] as string[]).concat((field?.type as string | string[] | undefined) ?? []);
  if (types.includes('integer')) return /^-?[0-9]{1,15}$/.test(text) ? Number(text) : text;
  return types.includes('number') && /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/.test(text) ? Number(text) : text;
}

export interface ResourceFormOptions<V extends Values = Values> {
  /** The fields shown, in this order (default: every field; editing a PATCH resource: its fields). */
  fields?: readonly string[];
  /**
   * The plugin's own checks beyond the contract's (which the form runs from the declaration): an error
   * key of the plugin's namespace per field (`errors.schedule_never`); it wins over the contract's.
   */
  validate?: (values: Partial<V>) => Partial<Record<string, string | undefined>>;
  /** Props of a field's input (e.g. `autoFocus`, a monospace font). */
  fieldProps?: Partial<Record<string, Partial<FormTextFieldProps>>>;
  /** The choices of an enum field (default: the contract's values). */
  options?: Partial<Record<string, readonly string[]>>;
  /**
   * A field's own input instead of the generated one (a list of name/value pairs): it reads and writes its value
   * through react-final-form (`useField(name)`). Added after the first version.
   */
  inputs?: Partial<Record<string, (p: { name: string; label: string; helperText?: string }) => ReactNode>>;
  /** A field's value as sent, from its value in the form (default: text trimmed, numbers typed). Added after the first version. */
  send?: Partial<Record<string, (value: unknown) => unknown>>;
  /** Something after a field, e.g. a live preview: gets the values and the form. */
  after?: Partial<Record<string, (values: Partial<V>, form: FormApi<V>) => ReactNode>>;
  maxWidth?: number;
}

export interface ResourceFormProps<V extends Values = Values> extends ResourceFormOptions<V> {
  resource: ResourceDeclaration;
  mode: 'create' | 'edit';
  initialValues: V;
  /** Gets the values with text fields trimmed. */
  onSubmit: (values: V) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
}

/**
 * A resource's form from its declaration: a text field per string (its limits from the contract), a
 * select per enum, a switch per boolean, labelled `form.<field>` with help `form.<field>Help`; the
 * contract's checks (message `errors.<field>_<rule>`, `errors.<field>_format` or the SDK's) and the
 * plugin's before sending, the server's 422 field errors under the fields.
 */
export function ResourceForm<V extends Values = Values>({ resource, mode, initialValues, onSubmit, onCancel, fields, validate, fieldProps, options, inputs, send, after, maxWidth = 760 }: ResourceFormProps<V>) {
  const ns = resource.pluginId;
  const { text, own } = useResourceTexts(ns);
  const { t } = useRuntimeTranslation(ns);
  const shown = fields ?? (mode === 'edit' && resource.patch ? resource.patch : Object.keys(resource.fields));
  const check = (values: Partial<V>) => {
    const own = validate?.(values) ?? {};
    const errors: Record<string, string> = {};
    for (const name of shown) {
      const problem = checkField(resource.fields[name] ?? {}, sent(resource.fields[name], (values as Values)[name]));
      const key = own[name];
      if (key) errors[name] = t(key);
      else if (problem) errors[name] = t([`${ns}:errors.${name}_${problem}`, `${ns}:errors.${name}_format`, `sdk:resource.invalid.${problem}`]);
    }
    return errors;
  };
  const submit = (values: V) =>
    onSubmit(Object.fromEntries(shown.map((name) => [name, send?.[name] ? send[name](values[name]) : sent(resource.fields[name], values[name])])) as V);
  // keepDirtyOnReinitialize: defaults that arrive late (the versions installed on the server) re-initialise the form;
  // what the user already typed stays.
  return (
    <Form<V> initialValues={initialValues} keepDirtyOnReinitialize validate={check} onSubmit={submit}>
      {({ handleSubmit, submitting, submitError, values, form }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={3} aria-label={text(mode === 'create' ? 'form.createTitle' : 'form.editTitle')} sx={{ maxWidth }}>
          <FormError error={submitError} />
          {shown.map((name, i) => {
            const field = resource.fields[name] ?? {};
            const label = own(`form.${name}`, name);
            const helperText = own(`form.${name}Help`, '') || undefined;
            const extra = after?.[name]?.(values, form);
            const types = ([] as string[]).concat((field.type as string | string[] | undefined) ?? []);
            const custom = inputs?.[name];
            const input = custom ? (
              custom({ name, label, helperText })
            ) : types.includes('boolean') ? (
              <FormSwitch name={name} label={label} helperText={helperText} />
            ) : field.enum || options?.[name] ? (
              <FormSelect
                name={name}
                label={label}
                helperText={helperText}
                required
                sx={{ maxWidth: 320 }}
                options={(options?.[name] ?? field.enum ?? []).map((v) => ({ value: v, label: own(`form.options.${name}.${String(v)}`, String(v)) }))}
                {...fieldProps?.[name]}
              />
            ) : (
              <FormTextField
                name={name}
                label={label}
                helperText={helperText}
                required={(field.minLength ?? 0) > 0}
                autoFocus={i === 0}
                autoComplete="off"
                {...fieldProps?.[name]}
                slotProps={{ ...fieldProps?.[name]?.slotProps, htmlInput: { maxLength: field.maxLength, spellCheck: false, ...(fieldProps?.[name]?.slotProps?.htmlInput as object) } }}
              />
            );
            return extra ? (
              <Box key={name}>
                {input}
                {extra}
              </Box>
            ) : (
              <Box key={name}>{input}</Box>
            );
          })}
          <FormActions submitting={submitting} submit={text(mode === 'create' ? 'form.submitCreate' : 'form.submitEdit')} onCancel={onCancel} />
        </Stack>
      )}
    </Form>
  );
}

export interface ResourceFormPageProps<V extends Values = Values> {
  resource: ResourceDeclaration;
  /** The plugin's generated API (`<camel>Api`). */
  api: ResourceApi;
  /** The values of a new entry (default: empty texts, the first choice, switches on). */
  defaults?: Partial<V>;
  form?: ResourceFormOptions<V>;
}

/**
 * `create` and `:<idParam>` of a resource: its form (`ResourceForm`) in the SDK's form page; an edit
 * loads the entry (a notice for an unknown id); after saving, back to the list, which follows the job.
 */
export function ResourceFormPage<V extends Values = Values>({ resource, api, defaults, form: options }: ResourceFormPageProps<V>) {
  const { text } = useResourceTexts(resource.pluginId);
  const host = useManagedHost();
  const form = useSectionForm();
  const raw = useParams()[resource.idParam];
  const id = raw === undefined ? undefined : Number(raw);
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const get = endpointOf(api, resource, 'get').useQuery({ ...args, [resource.idParam]: id ?? 0 }, { skip: !resource.operations.get || !id || !Number.isInteger(id) });
  const [create] = endpointOf(api, resource, 'create').useMutation();
  // A resource without an update (create and delete only) has no mutation to edit with: the hook still needs one.
  const [update] = endpointOf(api, resource, resource.operations.update ? 'update' : 'create').useMutation();
  const existing = get.data as Values | undefined;
  const fields = Object.keys(resource.fields);
  const initial = existing
    ? (Object.fromEntries(fields.map((f) => [f, existing[f]])) as V)
    : ({
        ...Object.fromEntries(
          fields.map((f) => {
            const field = resource.fields[f];
            const types = ([] as string[]).concat((field.type as string | string[] | undefined) ?? []);
            return [f, types.includes('boolean') ? true : (options?.options?.[f]?.[0] ?? field.enum?.[0] ?? '')];
          }),
        ),
        ...defaults,
      } as V);
  const notFound = id !== undefined && (!Number.isInteger(id) || id < 1 || get.isError || !resource.operations.get);
  return (
    <FormPage title={text(id ? 'form.editTitle' : 'form.createTitle')} loading={id !== undefined && !existing && !notFound} notFound={notFound && text('form.notFound')}>
      <ResourceForm<V>
        resource={resource}
        mode={id ? 'edit' : 'create'}
        initialValues={initial}
        onCancel={form.cancel}
        onSubmit={async (body) => form.done(id ? await update({ ...args, [resource.idParam]: id, body }) : await create({ ...args, body }))}
        {...options}
      />
    </FormPage>
  );
}
