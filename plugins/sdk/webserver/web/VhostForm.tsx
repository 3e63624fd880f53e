import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useWebServer, useFamilyT, type FamilyT } from './context.tsx';
import {
  documentRootValid,
  maxServerNames,
  normalizeServerName,
  phpVersions,
  serverNamePattern,
  upstreamValid,
  webRoot,
  type Backend,
  type DirectiveSpec,
  type DirectiveWhitelist,
} from '../shared/index.ts';
import type { Certificate, Vhost, VhostInput } from './model.ts';
import { FormSelect, FormTextField, WriteButton } from '../../web/index.tsx';

export interface VhostFormValues {
  serverNames: string[];
  documentRoot: string;
  backend: Backend;
  phpVersion: string;
  upstream: string;
  certificate: string;
  directives: { name: string; value: string }[];
}

export const emptyVhost: VhostFormValues = {
  serverNames: [''],
  documentRoot: '',
  backend: 'php',
  phpVersion: '8.3',
  upstream: '',
  certificate: '',
  directives: [],
};

export const valuesOf = (v: Vhost): VhostFormValues => ({
  serverNames: [...v.serverNames],
  documentRoot: v.documentRoot,
  backend: v.backend,
  phpVersion: v.phpVersion ?? '8.3',
  upstream: v.upstream ?? '',
  certificate: v.certificate ?? '',
  directives: v.directives.map((d) => ({ ...d })),
});

/** The request body: only the chosen backend's field, names as the server stores them. */
export const bodyOf = (v: VhostFormValues): VhostInput => ({
  serverNames: v.serverNames.map(normalizeServerName),
  documentRoot: v.documentRoot.trim(),
  backend: v.backend,
  phpVersion: v.backend === 'php' ? (v.phpVersion as VhostInput['phpVersion']) : null,
  upstream: v.backend === 'upstream' ? v.upstream.trim() : null,
  certificate: (v.certificate || null) as VhostInput['certificate'],
  directives: v.directives.map((d) => ({ name: d.name, value: d.value.trim() })),
});

/** The same checks as the server's rules (except what needs the other domains), in the user's language. */
export function validateVhost(v: VhostFormValues, t: FamilyT, directives: DirectiveWhitelist) {
  const errors: Record<string, unknown> = {};
  const names = v.serverNames.map(normalizeServerName);
  const nameErrors = names.map((n, i) =>
    !n
      ? t('validation.required')
      : !serverNamePattern.test(n)
        ? t('errors.server_name_invalid')
        : names.indexOf(n) !== i
          ? t('errors.server_name_duplicate')
          : undefined,
  );
  if (nameErrors.some(Boolean)) errors.serverNames = nameErrors;
  if (!v.documentRoot.trim()) errors.documentRoot = t('validation.required');
  else if (!documentRootValid(v.documentRoot.trim())) errors.documentRoot = t('errors.document_root_invalid');
  if (v.backend === 'upstream') {
    if (!v.upstream.trim()) errors.upstream = t('errors.upstream_required');
    else if (!upstreamValid(v.upstream.trim())) errors.upstream = t('errors.upstream_invalid');
  }
  const seen = new Set<string>();
  const directiveErrors = v.directives.map((d) => {
    const e: Record<string, string> = {};
    const spec = (directives.specs as Record<string, DirectiveSpec>)[d.name];
    if (!spec) e.name = t('validation.required');
    else if (!spec.repeatable && seen.has(d.name)) e.name = t('errors.directive_duplicate');
    seen.add(d.name);
    if (!d.value.trim()) e.value = t('validation.required');
    else if (spec && !directives.valid(d.name, d.value.trim())) e.value = t('errors.directive_value_invalid');
    return Object.keys(e).length ? e : undefined;
  });
  if (directiveErrors.some(Boolean)) errors.directives = directiveErrors;
  return errors;
}

interface Props {
  initialValues: VhostFormValues;
  certificates: Certificate[];
  submitLabel: string;
  onSubmit: (body: VhostInput) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
}

/** A domain: server names, document root, backend, TLS certificate, additional directives. */
export function VhostForm({ initialValues, certificates, submitLabel, onSubmit, onCancel }: Props) {
  const { pluginId, directives } = useWebServer();
  const specs = directives.specs as Record<string, DirectiveSpec>;
  const { t } = useFamilyT(pluginId);
  return (
    <Form<VhostFormValues> initialValues={initialValues} validate={(v) => validateVhost(v, t, directives)} onSubmit={(v) => onSubmit(bodyOf(v))}>
      {({ handleSubmit, submitting, submitError, values, form }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={3} aria-label={t('vhostForm.label')}>
          {submitError && (
            <Alert severity="error" role="alert">
              {submitError}
            </Alert>
          )}

          <FormControl component="fieldset">
            <FormLabel component="legend">{t('vhostForm.serverNames')}</FormLabel>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('vhostForm.serverNamesHint')}
            </Typography>
            <Stack spacing={1.5}>
              {values.serverNames.map((_, i) => (
                <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <FormTextField
                    name={`serverNames[${i}]`}
                    label={i === 0 ? t('vhostForm.primaryName') : t('vhostForm.alias', { number: i })}
                    placeholder={i === 0 ? 'www.example.com' : 'example.com'}
                    required={i === 0}
                    autoFocus={i === 0 && !initialValues.serverNames[0]}
                    slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                  />
                  <Tooltip title={t('vhostForm.removeName')}>
                    <span>
                      <IconButton
                        aria-label={t('vhostForm.removeNameOf', { number: i + 1 })}
                        disabled={values.serverNames.length === 1}
                        onClick={() =>
                          form.change(
                            'serverNames',
                            values.serverNames.filter((__, j) => j !== i),
                          )
                        }
                        sx={{ mt: 1 }}
                      >
                        <RemoveIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              ))}
            </Stack>
            <Button
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start', mt: 1 }}
              disabled={values.serverNames.length >= maxServerNames}
              onClick={() => form.change('serverNames', [...values.serverNames, ''])}
            >
              {t('vhostForm.addName')}
            </Button>
          </FormControl>

          <FormTextField
            name="documentRoot"
            label={t('vhostForm.documentRoot')}
            required
            placeholder="shop/public"
            helperText={t('vhostForm.documentRootHint')}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">{webRoot}/</InputAdornment> },
              htmlInput: { spellCheck: false },
            }}
          />

          <FormControl component="fieldset">
            <FormLabel component="legend">{t('vhostForm.backend')}</FormLabel>
            <Field name="backend">
              {({ input }) => (
                <RadioGroup row {...input}>
                  <FormControlLabel value="php" control={<Radio />} label={t('backend.php')} />
                  <FormControlLabel value="upstream" control={<Radio />} label={t('backend.upstream')} />
                  <FormControlLabel value="static" control={<Radio />} label={t('backend.static')} />
                </RadioGroup>
              )}
            </Field>
          </FormControl>
          {values.backend === 'php' && (
            <FormSelect
              name="phpVersion"
              label={t('vhostForm.phpVersion')}
              options={phpVersions.map((v) => ({ value: v, label: `PHP ${v}` }))}
              sx={{ maxWidth: 240 }}
            />
          )}
          {values.backend === 'upstream' && (
            <FormTextField
              name="upstream"
              label={t('vhostForm.upstream')}
              required
              placeholder="127.0.0.1:8080"
              helperText={t('vhostForm.upstreamHint')}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          )}

          <FormSelect
            name="certificate"
            label={t('vhostForm.certificate')}
            helperText={t('vhostForm.certificateHint')}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            options={[
              { value: '', label: t('vhostForm.noCertificate') },
              ...certificates.map((c) => ({
                value: c.id,
                label: t('vhostForm.certificateOption', {
                  name: c.commonName,
                  issuer: c.issuer,
                  status: t(`certificateStatus.${c.status}`),
                }),
              })),
            ]}
          />

          <FormControl component="fieldset">
            <FormLabel component="legend">{t('vhostForm.directives')}</FormLabel>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('vhostForm.directivesHint')}
            </Typography>
            <Stack spacing={1.5}>
              {values.directives.map((d, i) => (
                <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <FormSelect
                    name={`directives[${i}].name`}
                    label={t('vhostForm.directive')}
                    options={directives.names.map((n) => ({ value: n, label: n }))}
                    sx={{ minWidth: 240, maxWidth: { sm: 280 } }}
                  />
                  <FormTextField
                    name={`directives[${i}].value`}
                    label={t('vhostForm.value')}
                    placeholder={specs[d.name]?.example}
                    helperText={
                      specs[d.name]
                        ? t('vhostForm.example', { example: specs[d.name].example })
                        : undefined
                    }
                    slotProps={{ htmlInput: { spellCheck: false } }}
                  />
                  <Tooltip title={t('vhostForm.removeDirective')}>
                    <IconButton
                      aria-label={t('vhostForm.removeDirectiveOf', { number: i + 1 })}
                      onClick={() =>
                        form.change(
                          'directives',
                          values.directives.filter((__, j) => j !== i),
                        )
                      }
                      sx={{ mt: { sm: 1 }, alignSelf: { xs: 'flex-start' } }}
                    >
                      <RemoveIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ))}
            </Stack>
            <Button
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start', mt: 1 }}
              disabled={values.directives.length >= directives.max}
              onClick={() => form.change('directives', [...values.directives, { name: 'client_max_body_size', value: '' }])}
            >
              {t('vhostForm.addDirective')}
            </Button>
          </FormControl>

          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onCancel} disabled={submitting}>
              {t('actions.cancel')}
            </Button>
            <WriteButton type="submit" variant="contained" disabled={submitting}>
              {submitting ? t('actions.saving') : submitLabel}
            </WriteButton>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
