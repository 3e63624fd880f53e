/**
 * The config family's web part (docs/plugins.md, "Config services"): the settings form built from the
 * fields of the plugin's contract (`generated/config.ts`) — a switch for a boolean, a select for an enum,
 * a number or text field with the contract's limits checked as the server checks them — and the section's
 * page around it: intro and "undo last change", the running apply, the rendered files. Labels and help
 * texts are the plugin's (`settings.<field>.label`, `.help`, `.options.<value>` in its namespace); every
 * other text is the SDK's (`config.*`), so a config service writes no page.
 */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { checkField, coerceSettings, type ConfigField, type ConfigSpec, type SettingsValues } from '../../config/fields.ts';
import { toRequest, type PluginClient } from '../client.ts';
import type { ManagedJob } from '../events.ts';
import { ApplyJobBanner } from '../kit/ApplyBanner.tsx';
import { FormError } from '../kit/FormPage.tsx';
import { FormSelect, FormSwitch, FormTextField } from '../kit/FormFields.tsx';
import { RenderedFilesPanel, SectionHeader } from '../kit/RenderedFiles.tsx';
import { QueryState } from '../kit/States.tsx';
import { useRuntimeTranslation } from '../kit/usePluginTranslation.ts';
import { useApply } from '../kit/useApply.ts';
import { WriteButton } from '../kit/WriteButton.tsx';
import { managedApi, useManagedHost } from '../runtime.tsx';

type SettingsArgs = {
  clusterId: number;
  serverId: number;
  pluginId: string;
};

/**
 * `GET`/`PUT …/<pluginId>/settings` of any config service (the bundler's `x-config` operations). The one
 * hand-written template left: no plugin of the repository has `x-config` yet, so the contract has no such path
 * for `pluginOperationRequest` to check it against (switch to it when the first config service arrives).
 */
export const configSettingsApi = managedApi.injectEndpoints({
  endpoints: (build) => ({
    getConfigSettings: build.query<{ settings: SettingsValues }, SettingsArgs>({
      query: (a) => toRequest('GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/settings', a),
      providesTags: (_r, _e, a) => [a.pluginId as never],
    }),
    updateConfigSettings: build.mutation<ManagedJob, SettingsArgs & { body: SettingsValues }>({
      query: (a) => toRequest('PUT', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/settings', a),
      invalidatesTags: (_r, _e, a) => [a.pluginId as never],
    }),
  }),
});

export interface ConfigSettingsFormProps {
  config: ConfigSpec;
  initial: SettingsValues;
  /** Resolves with the server's field errors (422), or nothing. */
  onSubmit(values: SettingsValues): Promise<Record<string, string> | undefined>;
  /** Only these fields (a page of their own, e.g. start parameters); the others are sent as they are stored. Default: all. */
  fields?: readonly string[];
}

/** The settings form: one control per field of the contract, its limits checked before the server sees them. */
export function ConfigSettingsForm({ config, initial, onSubmit, fields }: ConfigSettingsFormProps) {
  const { t } = useRuntimeTranslation([config.pluginId, 'sdk']);
  const shownFields = Object.entries(config.fields).filter(([name]) => !fields || fields.includes(name));
  const label = (name: string, key: string, fallback?: string) =>
    t(`${config.pluginId}:settings.${name}.${key}`, { defaultValue: fallback ?? '' });
  const shown = (name: string, field: ConfigField, value: unknown) => {
    if (field.type === 'boolean') return t(value ? 'sdk:config.on' : 'sdk:config.off');
    if (field.type === 'string' && field.enum)
      return t(`${config.pluginId}:settings.${name}.options.${String(value)}`, { defaultValue: String(value) });
    return String(value);
  };
  /** The plugin's help text and the default (not for a secret, nor an empty default). */
  const help = (name: string, field: ConfigField) => {
    const def =
      (field.type === 'string' && field.secret) || field.default === ''
        ? ''
        : t('sdk:config.default', { value: shown(name, field, field.default) });
    return [label(name, 'help'), def].filter(Boolean).join(' ');
  };
  const validate = (input: SettingsValues) => {
    const values = coerceSettings(config, input);
    const errors: Record<string, string> = {};
    for (const [name, field] of shownFields) {
      const rule = checkField(field, values[name]);
      if (rule)
        errors[name] = t(`sdk:config.invalid.${rule}`, {
          min: 'minimum' in field ? field.minimum : '',
          max: 'maximum' in field ? field.maximum : '',
          length: 'maxLength' in field ? field.maxLength : '',
        });
    }
    return errors;
  };
  return (
    <Form<SettingsValues> initialValues={initial} validate={validate} onSubmit={(values) => onSubmit(coerceSettings(config, values))}>
      {({ handleSubmit, submitting, submitError }) => (
        <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit} aria-label={t('sdk:config.form')}>
          {shownFields.map(([name, field]) => {
            const text = label(name, 'label', name);
            if (field.type === 'boolean') return <FormSwitch key={name} name={name} label={text} helperText={help(name, field)} />;
            if (field.type === 'string' && field.enum)
              return (
                <FormSelect
                  key={name}
                  name={name}
                  label={text}
                  helperText={help(name, field)}
                  options={field.enum.map((value) => ({
                    value,
                    label: t(`${config.pluginId}:settings.${name}.options.${value}`, { defaultValue: value }),
                  }))}
                />
              );
            if (field.type === 'string')
              return (
                <FormTextField
                  key={name}
                  name={name}
                  label={text}
                  helperText={help(name, field)}
                  type={field.secret ? 'password' : 'text'}
                  slotProps={{ htmlInput: { maxLength: field.maxLength } }}
                />
              );
            return (
              <FormTextField
                key={name}
                name={name}
                label={field.unit ? `${text} (${field.unit})` : text}
                helperText={help(name, field)}
                type="number"
                slotProps={{
                  htmlInput: { min: field.minimum, max: field.maximum, step: field.type === 'integer' ? 1 : 'any', inputMode: 'numeric' },
                }}
              />
            );
          })}
          <FormError error={submitError} />
          <div>
            <WriteButton type="submit" variant="contained" disabled={submitting}>
              {submitting ? t('sdk:form.saving') : t('sdk:config.save')}
            </WriteButton>
          </div>
        </Stack>
      )}
    </Form>
  );
}

export interface ConfigSettingsPageProps {
  /** `config` of the plugin's `generated/config.ts`. */
  config: ConfigSpec;
  /** The plugin's generated client (`<id>Client`): apply, rollback, its cached answers. */
  client: PluginClient;
  /** The intro above the form; default the SDK's. */
  intro?: ReactNode;
  /** More panels of the plugin, below the form. */
  children?: ReactNode;
  /** Only these fields in the form (see `ConfigSettingsForm`); default all. */
  fields?: readonly string[];
  /** Above the header (the plugin's tabs between its pages). */
  nav?: ReactNode;
}

/** A config service's section page: header with undo, the running apply, the settings form, the rendered files. */
export function ConfigSettingsPage({ config, client, intro, children, fields, nav }: ConfigSettingsPageProps) {
  const { t } = useTranslation('sdk');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id, pluginId: config.pluginId };
  const query = configSettingsApi.useGetConfigSettingsQuery(args);
  const [update] = configSettingsApi.useUpdateConfigSettingsMutation();
  const apply = useApply(client);
  return (
    <Stack spacing={3}>
      {nav}
      <SectionHeader apply={apply} intro={intro ?? t('config.intro')} rollBackText={t('config.rollback')} />
      <ApplyJobBanner apply={apply} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
            {t('config.title')}
          </Typography>
          <QueryState query={query}>
            {(data) => (
              <ConfigSettingsForm
                config={config}
                fields={fields}
                initial={data.settings}
                onSubmit={async (values) => {
                  const r = await apply.track(update({ ...args, body: values }), { notify: false });
                  return r.error === undefined ? undefined : host.submitErrors(r.error);
                }}
              />
            )}
          </QueryState>
        </Stack>
      </Paper>
      {children}
      <RenderedFilesPanel apply={apply} title={t('config.files')} />
    </Stack>
  );
}
