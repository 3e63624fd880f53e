import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileMutation, type Profile } from '../../../api/profile';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { rememberLanguage } from '../../../i18n';
import { reportError } from '../../../monitoring/errorReporting';
import { useAppDispatch } from '../../../store';
import { notifySuccess } from '../../../ui/notify';
import { alertAdded } from '../../../ui/uiSlice';
import { contactBody, contactValues, genders, languages, validateContact, type ContactValues } from './contactData';
import { countryOptions } from './countries';

/** §2 contact data form (§5 rules); saving switches the app to the saved language (§7 Update user). */
export function ContactDataForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const dispatch = useAppDispatch();
  const [update] = useUpdateProfileMutation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const initialValues = useMemo(() => contactValues(profile), [profile]);

  const onSubmit = async (values: ContactValues) => {
    const result = await update(contactBody(values));
    if ('error' in result) return submitErrors(result.error);
    try {
      // §7: language, country and gender are read back from the answer and the locale is switched.
      const saved = result.data;
      if (i18next.language !== saved.language) await i18next.changeLanguage(saved.language);
      rememberLanguage(saved.language);
      dispatch(notifySuccess('profile:notices.contactDataUpdated'));
    } catch (e) {
      // §8 R8.033: a failed merge of the user update shows the generic error and is reported.
      console.error('profile update could not be applied', e);
      reportError(e, { tags: { context: 'profile.update.merge' } });
      dispatch(alertAdded({ type: 'danger', message: t('internal', { ns: 'errors' }) }));
    }
    return undefined;
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="contact-heading">
      <Typography variant="h3" component="h2" id="contact-heading" sx={{ mb: 2 }}>
        {t('contact.title')}
      </Typography>
      <Form<ContactValues> initialValues={initialValues} validate={validateContact} onSubmit={onSubmit} keepDirtyOnReinitialize={false}>
        {({ handleSubmit, submitting, submitError, pristine }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate aria-labelledby="contact-heading">
            {submitError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {submitError}
              </Alert>
            )}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="gender" select label={t('contact.gender')} required>
                  {genders.map((g) => (
                    <MenuItem key={g} value={g}>
                      {t(`contact.genders.${g}`)}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="firstname" label={t('contact.firstname')} autoComplete="given-name" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="surname" label={t('contact.surname')} autoComplete="family-name" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="company" label={t('contact.company')} autoComplete="organization" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="department" label={t('contact.department')} />
              </Grid>
              <Grid size={12}>
                <FormTextField name="street" label={t('contact.street')} autoComplete="street-address" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="postcode" label={t('contact.postcode')} autoComplete="postal-code" />
              </Grid>
              <Grid size={{ xs: 12, sm: 8 }}>
                <FormTextField name="city" label={t('contact.city')} autoComplete="address-level2" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="country" select label={t('contact.country')} required slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
                  {countries.map((c) => (
                    <MenuItem key={c.code} value={c.code}>
                      {c.name}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="language" select label={t('contact.language')} required>
                  {languages.map((l) => (
                    <MenuItem key={l} value={l}>
                      {t(`common:language.${l}`)}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="telephone" type="tel" label={t('contact.telephone')} autoComplete="tel" helperText={t('contact.phoneHint')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="mobile" type="tel" label={t('contact.mobile')} autoComplete="tel" helperText={t('contact.phoneHint')} />
              </Grid>
            </Grid>
            <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={submitting || pristine}>
                {submitting ? t('contact.saving') : t('contact.save')}
              </Button>
            </Box>
          </Box>
        )}
      </Form>
    </Paper>
  );
}
