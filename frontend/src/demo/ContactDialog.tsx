import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../forms/FormTextField';
import { phoneMessage } from '../forms/phone';
import { submitErrors } from '../forms/submitErrors';
import { collectErrors, emailMessage, maxLengthMessage, requiredMessage } from '../forms/validators';
import { useAppDispatch } from '../store';
import { alertAdded } from '../ui/uiSlice';
import { useSendDemoContactMutation } from './api';

interface Values {
  contactPerson?: string;
  company?: string;
  email?: string;
  phone?: string;
  message?: string;
}

const limits = { contactPerson: 120, company: 160, email: 254, phone: 40, message: 4000 } as const;

/** The demo's contact form (R2.096): contact person, company, e-mail, phone, message; sent to the sales address. */
export default function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('demo');
  const id = useId();
  const dispatch = useAppDispatch();
  const [send] = useSendDemoContactMutation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <Form<Values>
        validate={(v) =>
          collectErrors({
            contactPerson: requiredMessage(v.contactPerson) ?? maxLengthMessage(v.contactPerson, limits.contactPerson),
            company: requiredMessage(v.company) ?? maxLengthMessage(v.company, limits.company),
            email: requiredMessage(v.email) ?? emailMessage(v.email),
            phone: requiredMessage(v.phone) ?? phoneMessage(v.phone),
            message: requiredMessage(v.message) ?? maxLengthMessage(v.message, limits.message),
          })
        }
        onSubmit={async (v) => {
          const result = await send({ contactPerson: v.contactPerson!, company: v.company!, email: v.email!, phone: v.phone!, message: v.message! });
          if ('error' in result) return submitErrors(result.error);
          dispatch(alertAdded({ type: 'success', message: t('contact.sent') }));
          onClose();
          return undefined;
        }}
        render={({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate data-testid="demo-contact-form">
            <DialogTitle id={`${id}-title`}>{t('contact.title')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <Alert severity="info">{t('contact.intro')}</Alert>
                <FormTextField name="contactPerson" label={t('contact.contactPerson')} required autoComplete="name" slotProps={{ htmlInput: { maxLength: limits.contactPerson } }} />
                <FormTextField name="company" label={t('contact.company')} required autoComplete="organization" slotProps={{ htmlInput: { maxLength: limits.company } }} />
                <FormTextField name="email" type="email" label={t('contact.email')} required autoComplete="email" slotProps={{ htmlInput: { maxLength: limits.email } }} />
                <FormTextField name="phone" type="tel" label={t('contact.phone')} required autoComplete="tel" slotProps={{ htmlInput: { maxLength: limits.phone } }} />
                <FormTextField name="message" label={t('contact.message')} required multiline minRows={4} slotProps={{ htmlInput: { maxLength: limits.message } }} />
                {submitError && (
                  <Alert severity="error" role="alert">
                    {String(submitError)}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('contact.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('contact.send')}
              </Button>
            </DialogActions>
          </form>
        )}
      />
    </Dialog>
  );
}

