import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { apiError } from '../api/baseApi';
import { useCompleteTwoFactorLoginMutation } from '../api/security';
import type { Me } from '../api/session';
import { FormTextField } from '../forms/FormTextField';
import { submitErrors, translateFieldMessage } from '../forms/submitErrors';

interface Values {
  code?: string;
  recoveryCode?: string;
}

/**
 * The second step of a sign-in with two-factor authentication: the current code from the
 * authenticator app, or one of the recovery codes. An expired challenge sends the user back to the
 * password step with a notice.
 */
export function TwoFactorChallengeForm({
  challenge,
  onSuccess,
  onRestart,
}: {
  challenge: string;
  onSuccess: (me: Me) => void;
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation(['security', 'errors']);
  const [complete] = useCompleteTwoFactorLoginMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const field = useRecovery ? 'recoveryCode' : 'code';
  return (
    <Form<Values>
      key={field}
      validate={(v) => {
        const value = v[field]?.trim() ?? '';
        if (!value) return { [field]: t('errors:validationField.required') };
        if (!useRecovery && !/^\d{6}$/.test(value.replace(/\s/g, ''))) return { code: t('login.codeFormat') };
        return {};
      }}
      onSubmit={async (values) => {
        const value = values[field]!.trim();
        const result = await complete(useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value.replace(/\s/g, '') });
        if ('error' in result) {
          const expired = apiError(result.error)?.fields?.challenge?.[0];
          if (expired) {
            onRestart(translateFieldMessage(expired));
            return undefined;
          }
          return submitErrors(result.error);
        }
        onSuccess(result.data.user);
        return undefined;
      }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('login.title')}>
          <Typography variant="h2" component="h2">
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary">{useRecovery ? t('login.recoveryText') : t('login.codeText')}</Typography>
          {submitError && (
            <Alert severity="error" role="alert">
              {submitError}
            </Alert>
          )}
          {useRecovery ? (
            <FormTextField name="recoveryCode" label={t('login.recoveryCode')} autoComplete="off" required autoFocus placeholder="xxxx-xxxx-xxxx-xxxx" />
          ) : (
            <FormTextField
              name="code"
              label={t('login.code')}
              autoComplete="one-time-code"
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            {/* No focus change on press: the code field's blur must not shift the layout under the pointer. */}
            <Link component="button" type="button" variant="body2" onMouseDown={(e) => e.preventDefault()} onClick={() => setUseRecovery((r) => !r)}>
              {useRecovery ? t('login.useCode') : t('login.useRecoveryCode')}
            </Link>
            <Link component="button" type="button" variant="body2" onMouseDown={(e) => e.preventDefault()} onClick={() => onRestart()}>
              {t('login.back')}
            </Link>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
