import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api } from '../../api/baseApi';
import { applyUserSettings } from '../../auth/applyUser';
import { signedIn } from '../../auth/authSlice';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useAppDispatch } from '../../store';
import { notifyInfo } from '../../ui/notify';
import { useStartImpersonationMutation } from './impersonationApi';

const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * `/impersonate-two-factor-challenge/{userId}/{token}` (§2, §6): the staff member who asked for the link
 * confirms with a code from their authenticator app; then they act as the user.
 */
export default function ImpersonationChallengePage() {
  const { t } = useTranslation(['impersonation', 'errors']);
  useDocumentTitle(t('challenge.title'));
  const { userId = '', token = '' } = useParams();
  const valid = /^[1-9]\d{0,9}$/.test(userId) && tokenPattern.test(token);
  const [start] = useStartImpersonationMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography variant="h1" gutterBottom>
          {t('challenge.title')}
        </Typography>
        {!valid ? (
          <>
            <Alert severity="error" role="alert">
              {t('errors:invalid_impersonation_link')}
            </Alert>
            <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
              {t('toDashboard')}
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('challenge.text')}
            </Typography>
            <Form<{ code: string }>
              initialValues={{ code: '' }}
              validate={(v) => (v.code?.replace(/\s/g, '') ? {} : { code: t('errors:validationField.required') })}
              onSubmit={async ({ code }) => {
                const result = await start({ userId: Number(userId), token, code: code.replace(/\s/g, '') });
                if ('error' in result) return submitErrors(result.error);
                const me = result.data.user;
                dispatch(api.util.resetApiState());
                applyUserSettings(dispatch, me);
                dispatch(signedIn());
                dispatch(notifyInfo('impersonation:challenge.started', { name: `${me.firstname} ${me.surname}` }));
                navigate('/', { replace: true });
                return undefined;
              }}
            >
              {({ handleSubmit, submitting, submitError }) => (
                <Stack component="form" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('challenge.title')}>
                  {submitError && (
                    <Alert severity="error" role="alert">
                      {submitError}
                    </Alert>
                  )}
                  <FormTextField
                    name="code"
                    label={t('challenge.code')}
                    autoComplete="one-time-code"
                    required
                    autoFocus
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
                  />
                  <Button type="submit" variant="contained" size="large" disabled={submitting}>
                    {submitting ? t('challenge.submitting') : t('challenge.submit')}
                  </Button>
                </Stack>
              )}
            </Form>
          </>
        )}
      </Paper>
    </Box>
  );
}
