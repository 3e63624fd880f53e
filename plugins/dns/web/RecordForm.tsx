import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SubmissionErrors } from 'final-form';
import { useId } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { recordTypes, type DnsRecord, type RecordInput, type RecordType } from './model.ts';
import { FormSelect, FormTextField, runtimeT, WriteButton } from '@portal/plugin-sdk/web';
import { intError } from './format.ts';
import { duration, rdataText } from './format.ts';
import { useT } from '../generated/i18n.ts';

export interface RecordValues {
  name: string;
  type: RecordType;
  ttl: string;
  value: string;
  priority: string;
  weight: string;
  port: string;
  flags: string;
  tag: string;
}

const numberFields: Record<RecordType, ('priority' | 'weight' | 'port')[]> = {
  A: [],
  AAAA: [],
  CNAME: [],
  NS: [],
  TXT: [],
  CAA: [],
  MX: ['priority'],
  SRV: ['priority', 'weight', 'port'],
};

export const emptyRecord: RecordValues = {
  name: '',
  type: 'A',
  ttl: '',
  value: '',
  priority: '10',
  weight: '0',
  port: '',
  flags: '0',
  tag: 'issue',
};

export const valuesOf = (r: DnsRecord): RecordValues => ({
  name: r.name,
  type: r.type,
  ttl: r.ttl === null ? '' : String(r.ttl),
  value: r.value,
  priority: r.priority === null ? '10' : String(r.priority),
  weight: r.weight === null ? '0' : String(r.weight),
  port: r.port === null ? '' : String(r.port),
  flags: r.flags === null ? '0' : String(r.flags),
  tag: r.tag ?? 'issue',
});

/** The request body: only the fields of the chosen type. */
export function bodyOf(v: RecordValues): RecordInput {
  const body: RecordInput = {
    name: v.name.trim(),
    type: v.type,
    ttl: v.ttl.trim() ? Number(v.ttl) : null,
    value: v.type === 'TXT' ? v.value : v.value.trim(),
  };
  for (const f of numberFields[v.type]) body[f] = Number(v[f]);
  if (v.type === 'CAA') {
    body.flags = Number(v.flags) as 0 | 128;
    body.tag = v.tag as 'issue' | 'issuewild' | 'iodef';
  }
  return body;
}

/** Client-side checks (the server checks everything again); message keys of the namespace. */
export function validateRecord(v: RecordValues): Partial<Record<keyof RecordValues, string>> {
  const e: Partial<Record<keyof RecordValues, string>> = {};
  if (!v.name?.trim()) e.name = 'form.required';
  if (!v.value?.trim()) e.value = 'form.required';
  // eslint-disable-next-line no-control-regex -- a line break would end the record in the zone file
  else if (/[\u0000-\u001f\u007f]/.test(v.value)) e.value = 'form.noLineBreaks';
  const ttl = intError(v.ttl, 60, 604800, false);
  if (ttl) e.ttl = ttl === 'form.range' ? 'form.ttlRange' : ttl;
  for (const f of numberFields[v.type] ?? []) {
    const err = intError(v[f], 0, 65535, true);
    if (err) e[f] = err === 'form.range' ? 'form.uint16' : err;
  }
  return e;
}

/** The line the record will have in the zone file. */
function Preview({ origin, defaultTtl }: { origin: string; defaultTtl: number }) {
  const { t, i18n } = useT();
  return (
    <FormSpy<RecordValues> subscription={{ values: true }}>
      {({ values }) => {
        const body = bodyOf(values);
        const ttl = body.ttl ?? defaultTtl;
        return (
          <Box aria-live="polite">
            <Typography variant="caption" color="text.secondary">
              {t('recordForm.preview', { origin })}
            </Typography>
            <Box
              component="pre"
              data-testid="dns-record-preview"
              sx={{
                m: 0,
                p: 1,
                fontSize: 13,
                fontFamily: 'monospace',
                bgcolor: 'action.hover',
                borderRadius: 1,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
              }}
            >
              {`${body.name || '…'} ${body.ttl ?? ''} IN ${body.type} ${body.value ? rdataText({ priority: null, weight: null, port: null, flags: null, tag: null, ...body } as Parameters<typeof rdataText>[0]) : '…'}`.replace(
                / +/g,
                ' ',
              )}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {body.ttl === null
                ? t('recordForm.ttlDefault', { ttl: duration(ttl, i18n.language) })
                : t('recordForm.ttlOwn', { ttl: duration(ttl, i18n.language) })}
            </Typography>
          </Box>
        );
      }}
    </FormSpy>
  );
}

interface Props {
  open: boolean;
  origin: string;
  defaultTtl: number;
  /** The record to change; a new one otherwise. */
  record?: DnsRecord;
  onSubmit: (body: RecordInput) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}

/** Adds or changes a record: the fields of its type, checked here and by the server (422 on the fields). */
export function RecordDialog({ open, origin, defaultTtl, record, onSubmit, onClose }: Props) {
  const { t } = useT();
  const id = useId();
  const tr = (key?: string) => (key ? runtimeT(t, key) : undefined);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <Form<RecordValues>
        initialValues={record ? valuesOf(record) : emptyRecord}
        validate={(v) => Object.fromEntries(Object.entries(validateRecord(v)).map(([k, key]) => [k, tr(key)]))}
        onSubmit={(v) => onSubmit(bodyOf(v))}
      >
        {({ handleSubmit, submitting, submitError, values }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate>
            <DialogTitle id={`${id}-title`}>{record ? t('recordForm.editTitle') : t('recordForm.createTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormSelect
                    name="type"
                    label={t('record.type')}
                    sx={{ width: { sm: 160 }, flexShrink: 0 }}
                    options={recordTypes.map((type) => ({ value: type, label: type }))}
                  />
                  <FormTextField
                    name="name"
                    label={t('record.name')}
                    required
                    autoFocus
                    helperText={values.type === 'SRV' ? t('recordForm.nameHelpSrv') : t('recordForm.nameHelp', { origin })}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary" data-testid="dns-type-help">
                  {t(`types.${values.type}`)}
                </Typography>
                {values.type === 'CAA' && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormSelect
                      name="flags"
                      label={t('record.flags')}
                      options={[
                        { value: '0', label: t('recordForm.flags0') },
                        { value: '128', label: t('recordForm.flags128') },
                      ]}
                    />
                    <FormSelect
                      name="tag"
                      label={t('record.tag')}
                      options={(['issue', 'issuewild', 'iodef'] as const).map((tag) => ({
                        value: tag,
                        label: t(`recordForm.tags.${tag}`),
                      }))}
                    />
                  </Stack>
                )}
                {(values.type === 'MX' || values.type === 'SRV') && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField
                      name="priority"
                      label={t('record.priority')}
                      required
                      inputMode="numeric"
                      helperText={t('recordForm.priorityHelp')}
                    />
                    {values.type === 'SRV' && <FormTextField name="weight" label={t('record.weight')} required inputMode="numeric" />}
                    {values.type === 'SRV' && <FormTextField name="port" label={t('record.port')} required inputMode="numeric" />}
                  </Stack>
                )}
                <FormTextField
                  name="value"
                  label={t(`recordForm.value.${values.type}`)}
                  required
                  multiline={values.type === 'TXT'}
                  minRows={values.type === 'TXT' ? 2 : undefined}
                  helperText={t(`recordForm.valueHelp.${values.type}`)}
                  slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
                />
                <FormTextField
                  name="ttl"
                  label={t('record.ttl')}
                  inputMode="numeric"
                  placeholder={String(defaultTtl)}
                  helperText={t('recordForm.ttlHelp')}
                />
                <Preview origin={origin} defaultTtl={defaultTtl} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('actions.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {submitting ? t('actions.saving') : t('actions.saveApply')}
              </WriteButton>
            </DialogActions>
          </Box>
        )}
      </Form>
    </Dialog>
  );
}
