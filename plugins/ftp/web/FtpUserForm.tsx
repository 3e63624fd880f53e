import Stack from '@mui/material/Stack';
import { checkField, FormActions, FormError, FormTextField } from '@portal/plugin-sdk/web';
import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useT } from '../generated/i18n.ts';
import { ftpUserResource } from '../generated/resources.ts';

/** The form's values: the quota as typed (a text field), the rest as sent. */
export interface FtpUserValues {
  login: string;
  documentRoot: string;
  quotaMb: string;
  expiresOn: string;
}

export interface FtpUserBody {
  login: string;
  documentRoot: string;
  quotaMb: number;
  expiresOn: string;
}

const fields = ftpUserResource.fields;
const names = ['login', 'documentRoot', 'quotaMb', 'expiresOn'] as const;

/** The body of the values (text trimmed, the quota a number). */
export const bodyOf = (v: FtpUserValues): FtpUserBody => ({
  login: v.login.trim(),
  documentRoot: v.documentRoot.trim().replace(/\/+$/, ''),
  quotaMb: Number(v.quotaMb),
  expiresOn: v.expiresOn.trim(),
});

/** The error key of each field the contract would refuse (`errors.<field>_format`); an empty expiry date is "never". */
export function problemsOf(v: FtpUserValues): Partial<Record<(typeof names)[number], `errors.${string}_format`>> {
  const body = bodyOf(v);
  const out: Partial<Record<(typeof names)[number], `errors.${string}_format`>> = {};
  for (const name of names) {
    const value = name === 'quotaMb' && v.quotaMb.trim() === '' ? undefined : body[name];
    if (name === 'expiresOn' && value === '') continue;
    if (checkField(fields[name], value) || (name === 'documentRoot' && body.documentRoot.split('/').includes('..'))) out[name] = `errors.${name}_format`;
  }
  return out;
}

/**
 * Create and edit of an FTPS account: login, document root (below /var/www), quota in MB (0 = none), expiry date (empty =
 * never), each checked as the contract checks it before sending; the server's 422 is shown under the fields.
 */
export function FtpUserForm({
  mode,
  initialValues,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initialValues: FtpUserValues;
  onSubmit(body: FtpUserBody): Promise<SubmissionErrors | undefined>;
  onCancel(): void;
}) {
  const { t } = useT();
  return (
    <Form<FtpUserValues>
      initialValues={initialValues}
      validate={(v) => Object.fromEntries(Object.entries(problemsOf(v)).map(([k, key]) => [k, t(key as 'errors.login_format')]))}
      onSubmit={(v) => onSubmit(bodyOf(v))}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={3} aria-label={t(mode === 'create' ? 'form.createTitle' : 'form.editTitle')} sx={{ maxWidth: 640 }}>
          <FormError error={submitError} />
          <FormTextField name="login" label={t('form.login')} helperText={t('form.loginHelp')} required autoFocus autoComplete="off" slotProps={{ htmlInput: { maxLength: fields.login.maxLength, spellCheck: false } }} />
          <FormTextField
            name="documentRoot"
            label={t('form.documentRoot')}
            helperText={t('form.documentRootHelp')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: fields.documentRoot.maxLength, spellCheck: false, style: { fontFamily: 'monospace' } }, input: { startAdornment: <span aria-hidden="true" style={{ opacity: 0.7, fontFamily: 'monospace' }}>/var/www/</span> } }}
          />
          <FormTextField name="quotaMb" label={t('form.quotaMb')} helperText={t('form.quotaMbHelp')} required inputMode="numeric" sx={{ maxWidth: 240 }} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }} />
          <FormTextField name="expiresOn" label={t('form.expiresOn')} helperText={t('form.expiresOnHelp')} placeholder="2027-06-30" autoComplete="off" sx={{ maxWidth: 240 }} slotProps={{ htmlInput: { maxLength: fields.expiresOn.maxLength } }} />
          <FormActions submitting={submitting} submit={t(mode === 'create' ? 'form.submitCreate' : 'form.submitEdit')} onCancel={onCancel} />
        </Stack>
      )}
    </Form>
  );
}
