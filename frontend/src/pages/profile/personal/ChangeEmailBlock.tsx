import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useRequestEmailChangeMutation, type Profile } from '../../../api/profile';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { collectErrors, emailMessage, requiredMessage } from '../../../forms/validators';
import { useAppDispatch } from '../../../store';
import { notifyInfo } from '../../../ui/notify';

interface Values {
  email: string;
  password: string;
}

/** §5 Change e-mail: password and a valid new address are required. */
const validate = (v: Partial<Values>) => collectErrors({ email: emailMessage(v.email), password: requiredMessage(v.password) });

/** The modal of §2: password and new e-mail; wrong password and taken address show on their fields (§5). */
function ChangeEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const [requestChange] = useRequestEmailChangeMutation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-email-title" fullWidth maxWidth="xs">
      <Form<Values>
        validate={validate}
        onSubmit={async (values) => {
          const email = values.email.trim();
          const result = await requestChange({ email, password: values.password });
          if ('error' in result) return submitErrors(result.error);
          dispatch(notifyInfo('profile:notices.emailChangeRequested', { email }));
          onClose();
          return undefined;
        }}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="change-email-title">{t('email.dialogTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('email.dialogText')}
                </Typography>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormTextField name="email" type="email" label={t('email.new')} autoComplete="email" required autoFocus />
                <FormTextField name="password" type="password" label={t('email.password')} autoComplete="current-password" required />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('cancel', { ns: 'common' })}</Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('email.submit')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}

/** §2 change-email block: the current address (disabled), a Change button, and an info alert while a change is pending. */
export function ChangeEmailBlock({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="email-heading">
      <Typography variant="h3" component="h2" id="email-heading" sx={{ mb: 2 }}>
        {t('email.title')}
      </Typography>
      <Stack spacing={2}>
        {profile.emailUpdateRequest && (
          <Alert severity="info" data-testid="email-change-pending">
            {t('email.pending', { email: profile.emailUpdateRequest })}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField label={t('email.current')} value={profile.email} disabled size="small" sx={{ minWidth: { sm: 320 } }} />
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {t('email.change')}
          </Button>
        </Stack>
      </Stack>
      {open && <ChangeEmailDialog open={open} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
