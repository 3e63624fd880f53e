import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useRequestEmailVerificationMutation, useVerifyEmailMutation, type Profile } from '../../../api/profile';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { collectErrors, requiredMessage } from '../../../forms/validators';
import { useAppDispatch } from '../../../store';
import { callFailed, notifySuccess } from '../../../ui/notify';

interface Values {
  token: string;
}

/**
 * §2 verify-email block, shown while the address is unverified or a change is pending: the code from
 * the e-mail, and "resend code". 429 on either says "too many attempts" with the support contact (§8).
 */
export function VerifyEmailBlock({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const [verify] = useVerifyEmailMutation();
  const [resend, resendState] = useRequestEmailVerificationMutation();
  const target = profile.emailUpdateRequest ?? profile.email;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderColor: 'warning.main' }} component="section" aria-labelledby="verify-heading">
      <Typography variant="h3" component="h2" id="verify-heading" sx={{ mb: 1 }}>
        {t('verify.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('verify.text', { email: target })}
      </Typography>
      <Form<Values>
        validate={(v) => collectErrors({ token: requiredMessage(v.token) })}
        onSubmit={async (values, form) => {
          const result = await verify({ token: values.token.trim() });
          if ('error' in result) return submitErrors(result.error);
          dispatch(notifySuccess('profile:notices.emailVerified'));
          setTimeout(() => form.restart());
          return undefined;
        }}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate aria-labelledby="verify-heading">
            {submitError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {submitError}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <FormTextField
                name="token"
                label={t('verify.code')}
                autoComplete="one-time-code"
                required
                fullWidth={false}
                sx={{ minWidth: { sm: 240 } }}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 64 } }}
              />
              <Button type="submit" variant="contained" disabled={submitting} sx={{ mt: { sm: 1 } }}>
                {t('verify.submit')}
              </Button>
              <Button
                variant="text"
                disabled={resendState.isLoading}
                sx={{ mt: { sm: 1 } }}
                onClick={async () => {
                  const result = await resend();
                  if ('error' in result) {
                    const notice = callFailed(result.error);
                    if (notice) dispatch(notice);
                    return;
                  }
                  dispatch(notifySuccess('profile:notices.codeSent', { email: target }));
                }}
              >
                {t('verify.resend')}
              </Button>
            </Stack>
          </Box>
        )}
      </Form>
    </Paper>
  );
}
