import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { toLoginPage } from '../../auth/loginHandOff';
import { apiError } from '../../api/baseApi';
import { useCheckPasswordResetTokenQuery, useResetPasswordMutation } from '../../api/profile';
import { FormTextField } from '../../forms/FormTextField';
import { PasswordStrength } from '../../forms/PasswordStrength';
import { submitErrors, translateFieldMessage } from '../../forms/submitErrors';
import { collectErrors, confirmationMessage, passwordLengthMessage } from '../../forms/validators';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { callErrorMessage } from '../../ui/notify';

interface Values {
  password: string;
  password_confirmation: string;
}

const validate = (v: Partial<Values>) =>
  collectErrors({ password: passwordLengthMessage(v.password), password_confirmation: confirmationMessage(v.password_confirmation, v.password) });

/**
 * /password/reset/:token (§2): checks the link first, then asks for the new password twice (password
 * policy). Success ends every session and leads to the login page; nobody is signed in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('password');
  useDocumentTitle(t('reset.title'));
  const { token = '' } = useParams();
  // Checked anew on every visit in the browser; on the server once (every render pass would ask again, issue 29).
  const check = useCheckPasswordResetTokenQuery(token, { refetchOnMountOrArgChange: typeof window !== 'undefined' });
  const [reset] = useResetPasswordMutation();
  const [show, setShow] = useState(false);
  const checkError = check.error as { status?: number } | undefined;
  const invalidLink = checkError?.status === 422;

  const visibility = (
    <InputAdornment position="end">
      <IconButton onClick={() => setShow((s) => !s)} edge="end" aria-label={show ? t('hidePassword') : t('showPassword')}>
        {show ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 480 }}>
        <Typography variant="h1" gutterBottom>
          {t('reset.title')}
        </Typography>
        {check.isLoading && <Skeleton variant="rounded" height={160} />}
        {check.isError && (
          <Stack spacing={2}>
            <Alert severity="error" role="alert">
              {invalidLink ? translateFieldMessage(apiError(check.error)?.fields?.token?.[0] ?? 'errors.reset_token_invalid') : callErrorMessage(check.error)}
            </Alert>
            <Button component={RouterLink} to="/password/forgot" variant="contained">
              {t('reset.requestNew')}
            </Button>
          </Stack>
        )}
        {check.isSuccess && (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('reset.text')}
            </Typography>
            <Form<Values>
              validate={validate}
              onSubmit={async (values) => {
                const result = await reset({ token, ...values });
                if ('error' in result) return submitErrors(result.error);
                toLoginPage({ notice: { severity: 'success', key: 'password:notices.changed' } });
                return undefined;
              }}
            >
              {({ handleSubmit, submitting, submitError, submitErrors: fieldErrors, values }) => (
                <Stack component="form" method="post" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('reset.title')}>
                  {submitError && (
                    <Alert severity="error" role="alert">
                      {submitError}
                    </Alert>
                  )}
                  {fieldErrors?.token && (
                    <Alert
                      severity="error"
                      role="alert"
                      action={
                        <Button component={RouterLink} to="/password/forgot" color="inherit" size="small">
                          {t('reset.requestNew')}
                        </Button>
                      }
                    >
                      {fieldErrors.token}
                    </Alert>
                  )}
                  <FormTextField
                    name="password"
                    type={show ? 'text' : 'password'}
                    label={t('reset.password')}
                    autoComplete="new-password"
                    required
                    autoFocus
                    helperText={t('reset.rule')}
                    slotProps={{ input: { endAdornment: visibility } }}
                  />
                  <PasswordStrength password={values.password ?? ''} />
                  <FormTextField
                    name="password_confirmation"
                    type={show ? 'text' : 'password'}
                    label={t('reset.confirmation')}
                    autoComplete="new-password"
                    required
                  />
                  <Button type="submit" variant="contained" size="large" disabled={submitting}>
                    {t('reset.submit')}
                  </Button>
                  <Link href="/a/login" sx={{ alignSelf: 'center' }}>
                    {t('backToLogin')}
                  </Link>
                </Stack>
              )}
            </Form>
          </>
        )}
      </Paper>
    </Box>
  );
}
