import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordResetMutation } from '../../api/profile';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { collectErrors, emailMessage } from '../../forms/validators';
import { useDocumentTitle } from '../../shell/useDocumentTitle';

/**
 * /password/forgot (§2): asks for the e-mail address and sends a reset link. The answer is the same
 * whether or not the address has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('password');
  useDocumentTitle(t('forgot.title'));
  const [request] = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography variant="h1" gutterBottom>
          {t('forgot.title')}
        </Typography>
        {sentTo ? (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {t('forgot.sent', { email: sentTo })}
            </Alert>
            <Typography color="text.secondary">{t('forgot.sentHint')}</Typography>
            <Button href="/a/login" variant="contained">
              {t('backToLogin')}
            </Button>
          </Stack>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('forgot.text')}
            </Typography>
            <Form<{ email: string }>
              validate={(v) => collectErrors({ email: emailMessage(v.email) })}
              onSubmit={async ({ email }) => {
                const result = await request({ email: email.trim() });
                if ('error' in result) return submitErrors(result.error);
                setSentTo(email.trim());
                return undefined;
              }}
            >
              {({ handleSubmit, submitting, submitError }) => (
                <Stack component="form" method="post" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('forgot.title')}>
                  {submitError && (
                    <Alert severity="error" role="alert">
                      {submitError}
                    </Alert>
                  )}
                  <FormTextField name="email" type="email" label={t('email')} autoComplete="username" required autoFocus />
                  <Button type="submit" variant="contained" size="large" disabled={submitting}>
                    {t('forgot.submit')}
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
