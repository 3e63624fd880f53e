import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FORM_ERROR } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/baseApi';
import { useRegisterWithInvitationMutation, type InvitationDetails, type InvitationLink } from '../../api/invitations';
import { applyUserSettings } from '../../auth/applyUser';
import { signedIn } from '../../auth/authSlice';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { useAppDispatch } from '../../store';
import { notifySuccess } from '../../ui/notify';
import { PasswordField } from './PasswordField';

interface Values {
  gender: 'male' | 'female' | 'diverse';
  firstname: string;
  surname: string;
  password: string;
  password_confirmation: string;
}

/** §5 / §9: 12 to 255 characters; strength and personal data are checked by the server. */
const passwordMin = 12;
const passwordMax = 255;

/**
 * Sets the password (and the name) for the invited address: creates the account, accepts the
 * invitation and signs in, in one call (§2 registration with an invitation token; the invitation flow
 * that sets a password).
 */
export function RegistrationForm({ link, invitation, submitLabel, extraActions, onRegistered }: {
  link: InvitationLink;
  invitation: InvitationDetails;
  submitLabel: string;
  extraActions?: ReactNode;
  /**
   * Called before the API state is reset: the page stops looking the invitation up (it is used now, a
   * lookup would be a 404 while the page is still mounted during the navigation to the dashboard).
   */
  onRegistered?: () => void;
}) {
  const { t, i18n } = useTranslation(['invitations', 'errors']);
  const [register] = useRegisterWithInvitationMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const validate = (v: Partial<Values>) => {
    const errors: Partial<Record<keyof Values, string>> = {};
    if (!v.firstname?.trim()) errors.firstname = t('errors:validationField.required');
    if (!v.surname?.trim()) errors.surname = t('errors:validationField.required');
    const length = [...(v.password ?? '')].length;
    if (!v.password) errors.password = t('errors:validationField.required');
    else if (length < passwordMin || length > passwordMax) errors.password = t('errors:password_length');
    if (!v.password_confirmation) errors.password_confirmation = t('errors:validationField.required');
    else if (v.password_confirmation !== v.password) errors.password_confirmation = t('errors:password_confirmation');
    return errors;
  };
  return (
    <Form<Values>
      initialValues={{ gender: 'male', firstname: '', surname: '', password: '', password_confirmation: '' }}
      validate={validate}
      onSubmit={async (values) => {
        const result = await register({
          ...link,
          ...(link.type ? {} : { type: invitation.role }),
          id: link.id ?? invitation.id,
          gender: values.gender,
          firstname: values.firstname.trim(),
          surname: values.surname.trim(),
          language: i18n.language === 'en' ? 'en' : 'de',
          password: values.password,
          password_confirmation: values.password_confirmation,
        });
        if ('error' in result) {
          // The address is not a field of this form: "already taken" shows above it.
          const errors = submitErrors(result.error) as Record<string, string> | undefined;
          if (errors?.email) return { ...errors, [FORM_ERROR]: errors.email };
          return errors;
        }
        const me = result.data.user;
        onRegistered?.();
        dispatch(api.util.resetApiState());
        applyUserSettings(dispatch, me);
        dispatch(signedIn());
        dispatch(notifySuccess(`invitations:accepted.${invitation.role}`, { company: invitation.customer.company, cluster: invitation.cluster?.number ?? '' }));
        navigate('/', { replace: true });
        return undefined;
      }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('form.label')}>
          {submitError && (
            <Alert severity="error" role="alert">
              {submitError}
            </Alert>
          )}
          <TextField label={t('form.email')} value={invitation.email} disabled fullWidth id="invitation-email" />
          <FormTextField name="gender" select label={t('form.gender')} required>
            {(['male', 'female', 'diverse'] as const).map((g) => (
              <MenuItem key={g} value={g}>
                {t(`form.genders.${g}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="firstname" label={t('form.firstname')} autoComplete="given-name" required autoFocus />
            <FormTextField name="surname" label={t('form.surname')} autoComplete="family-name" required />
          </Stack>
          <PasswordField name="password" label={t('form.password')} helperText={t('form.passwordHelp')} />
          <PasswordField name="password_confirmation" label={t('form.passwordConfirmation')} />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {extraActions}
            <Button type="submit" variant="contained" size="large" disabled={submitting}>
              {submitting ? t('form.submitting') : submitLabel}
            </Button>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
