import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useUpdateCustomerMutation, type CustomerDetail } from '../../api/customers';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { useAppDispatch } from '../../store';
import { notifySuccess } from '../../ui/notify';
import { countryOptions } from '../profile/personal/countries';
import { customerBody, customerValues, validateCustomer, type CustomerValues } from './customerData';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

const dateFormat = (language: string) => new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'medium' });

/** §2 Customer data: company data, invoice and reminder e-mails, contact person (active managers only, §5). */
export function CustomerDataForm({ customer }: { customer: CustomerDetail }) {
  const { t, i18n } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const [update] = useUpdateCustomerMutation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const initialValues = useMemo(() => customerValues(customer), [customer]);

  const onSubmit = async (values: CustomerValues) => {
    const result = await update({ customerId: customer.id, body: customerBody(values) });
    if ('error' in result) return submitErrors(result.error);
    dispatch(notifySuccess('customers:data.saved'));
    return undefined;
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="customer-data-heading">
      <Typography variant="h3" component="h2" id="customer-data-heading" sx={{ mb: 1 }}>
        {t('data.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('data.meta', { number: customer.number, date: dateFormat(i18n.language).format(new Date(customer.enteredAt)) })}
      </Typography>
      <Form<CustomerValues> initialValues={initialValues} validate={validateCustomer} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError, pristine }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate aria-labelledby="customer-data-heading">
            {submitError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {submitError}
              </Alert>
            )}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="company" label={t('data.company')} autoComplete="organization" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="department" label={t('data.department')} />
              </Grid>
              <Grid size={12}>
                <FormTextField name="street" label={t('data.street')} autoComplete="street-address" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="zip" label={t('data.zip')} autoComplete="postal-code" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 8 }}>
                <FormTextField name="city" label={t('data.city')} autoComplete="address-level2" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="country" select label={t('data.country')} required slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
                  {countries.map((c) => (
                    <MenuItem key={c.code} value={c.code}>
                      {c.name}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="language" select label={t('data.language')} required>
                  {(['de', 'en'] as const).map((l) => (
                    <MenuItem key={l} value={l}>
                      {t(`common:language.${l}`)}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="phone" type="tel" label={t('data.phone')} autoComplete="tel" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  name="vatId"
                  label={t('data.vatId')}
                  slotProps={{
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <Tooltip title={t('data.vatIdHint')}>
                            <IconButton edge="end" size="small" aria-label={t('data.vatIdHint')}>
                              <InfoOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="referenceSign" label={t('data.referenceSign')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="contactPersonId" select label={t('data.contactPerson')} helperText={t('data.contactPersonHint')}>
                  <MenuItem value="">{t('data.noContactPerson')}</MenuItem>
                  {customer.contactPersonCandidates.map((p) => (
                    <MenuItem key={p.id} value={String(p.id)}>
                      {p.firstname} {p.surname} ({p.email})
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="invoiceEmails" label={t('data.invoiceEmails')} multiline minRows={2} helperText={t('data.emailListHint')} required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="reminderEmails" label={t('data.reminderEmails')} multiline minRows={2} helperText={t('data.reminderEmailsHint')} />
              </Grid>
            </Grid>
            <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={submitting || pristine}>
                {submitting ? t('data.saving') : t('data.save')}
              </Button>
            </Box>
          </Box>
        )}
      </Form>
    </Paper>
  );
}
