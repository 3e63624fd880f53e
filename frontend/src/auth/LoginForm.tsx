import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isTwoFactorChallenge } from '../api/security';
import type { Me } from '../api/session';
import { useLoginMutation } from '../api/session';
import { FormTextField } from '../forms/FormTextField';
import { submitErrors } from '../forms/submitErrors';
import { TwoFactorChallengeForm } from './TwoFactorChallengeForm';

interface Values {
  email: string;
  password: string;
}

const required =
  (t: (k: 'errors:validationField.required' | 'errors:validationField.format.email') => string) => (values: Partial<Values>) => {
    const errors: Partial<Record<keyof Values, string>> = {};
    if (!values.email?.trim()) errors.email = t('errors:validationField.required');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = t('errors:validationField.format.email');
    if (!values.password) errors.password = t('errors:validationField.required');
    return errors;
  };

export type LoginStep = 'password' | 'twoFactor';

/**
 * E-mail and password, then, for users with two-factor authentication, a code from the authenticator
 * app or a recovery code; used by the login page and the login modal.
 */
export function LoginForm({
  onSuccess,
  initialEmail,
  onStep,
}: {
  onSuccess: (me: Me) => void;
  initialEmail?: string;
  /** Told when the form moves between the password and the second-factor step. */
  onStep?: (step: LoginStep) => void;
}) {
  const { t } = useTranslation(['auth', 'errors', 'password']);
  const [login] = useLoginMutation();
  const [showPassword, setShowPassword] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [notice, setNotice] = useState<string | null>(null);

  const step = (next: LoginStep) => onStep?.(next);

  if (challenge)
    return (
      <TwoFactorChallengeForm
        challenge={challenge}
        onSuccess={onSuccess}
        onRestart={(message) => {
          setChallenge(null);
          setNotice(message ?? null);
          step('password');
        }}
      />
    );

  return (
    <Form<Values>
      initialValues={{ email, password: '' }}
      validate={required(t)}
      onSubmit={async (values) => {
        setNotice(null);
        const result = await login({ email: values.email.trim(), password: values.password });
        if ('error' in result) return submitErrors(result.error);
        if (isTwoFactorChallenge(result.data)) {
          setEmail(values.email.trim());
          setChallenge(result.data.challenge);
          step('twoFactor');
          return undefined;
        }
        onSuccess(result.data.user);
        return undefined;
      }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('login.title')}>
          {notice && (
            <Alert severity="warning" role="alert">
              {notice}
            </Alert>
          )}
          {submitError && (
            <Alert severity="error" role="alert">
              {submitError}
            </Alert>
          )}
          <FormTextField name="email" type="email" label={t('login.email')} autoComplete="username" required autoFocus={!email} />
          <FormTextField
            name="password"
            type={showPassword ? 'text' : 'password'}
            label={t('login.password')}
            autoComplete="current-password"
            required
            autoFocus={!!email}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      onClick={() => setShowPassword((s) => !s)}
                      edge="end"
                      aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
          {/* In the login modal the page underneath must stay: the link opens its own tab there. */}
          <Link
            component={RouterLink}
            to="/password/forgot"
            variant="body2"
            sx={{ alignSelf: 'center' }}
            // Keeps the focus where it is: a blur would show field errors above and move the link away mid-click.
            onMouseDown={(e) => e.preventDefault()}
            ref={(el: HTMLElement | null) => {
              if (el?.closest('[role="dialog"]')) el.setAttribute('target', '_blank');
            }}
          >
            {t('password:forgotLink')}
          </Link>
        </Stack>
      )}
    </Form>
  );
}
