import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { setIn, type SubmissionErrors } from 'final-form';
import { useMemo, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../forms/FormTextField';
import { countryOptions } from '../profile/personal/countries';

/** Server field errors are flat (`newCustomer.iban`); react-final-form reads nested ones. */
export function nestErrors(errors: SubmissionErrors | undefined): SubmissionErrors | undefined {
  if (!errors) return errors;
  let nested: object = {};
  for (const [k, v] of Object.entries(errors)) nested = k.includes('.') ? setIn(nested, k, v) : { ...nested, [k]: v };
  return nested;
}

/** A checkbox with the server's message under it (the wizard's own is in its chunk; the detail dialog shows the facts only). */
function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  return (
    <Field name={name} type="checkbox">
      {({ input, meta }) => {
        const message = !meta.dirtySinceLastSubmit && (meta.submitError as string | undefined);
        return (
          <FormControl error={!!message}>
            <FormControlLabel control={<Checkbox {...input} checked={!!input.checked} />} label={label} />
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    </Field>
  );
}

/**
 * R2.049 customer fields and R2.050 payment method of a customer created with the order. A card goes
 * to the payment provider's hosted field on "next" (the wizard keeps only its single-use token).
 */
export function NewCustomerFields({ method, cardSaved }: { method: string | undefined; cardSaved: boolean }) {
  const { t, i18n } = useTranslation(['orders', 'customers']);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const n = (name: string) => `newCustomer.${name}`;
  return (
    <Grid container spacing={2} data-testid="new-customer-fields">
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('company')} label={t('customers:data.company')} autoComplete="organization" required slotProps={{ htmlInput: { maxLength: 255 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('department')} label={t('customers:data.department')} slotProps={{ htmlInput: { maxLength: 255 } }} />
      </Grid>
      <Grid size={12}>
        <FormTextField name={n('street')} label={t('customers:data.street')} autoComplete="street-address" required slotProps={{ htmlInput: { maxLength: 255 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField name={n('zip')} label={t('customers:data.zip')} autoComplete="postal-code" required slotProps={{ htmlInput: { maxLength: 32 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <FormTextField name={n('city')} label={t('customers:data.city')} autoComplete="address-level2" required slotProps={{ htmlInput: { maxLength: 255 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('country')} select label={t('customers:data.country')} required slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
          {countries.map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('phone')} type="tel" label={t('customers:data.phone')} autoComplete="tel" slotProps={{ htmlInput: { maxLength: 64 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('vatId')} label={t('customers:data.vatId')} helperText={t('customers:data.vatIdHint')} slotProps={{ htmlInput: { maxLength: 32 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('referenceSign')} label={t('customers:data.referenceSign')} slotProps={{ htmlInput: { maxLength: 255 } }} />
      </Grid>
      <Grid size={12}>
        <FormTextField name={n('invoiceEmails')} label={t('customers:data.invoiceEmails')} helperText={t('customers:data.emailListHint')} required multiline minRows={2} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={n('paymentMethod')} select label={t('customers:payment.method')} required>
          {(['transfer', 'debit', 'credit_card'] as const).map((m) => (
            <MenuItem key={m} value={m}>
              {t(`customers:payment.methods.${m}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      {method === 'transfer' && (
        <Grid size={12}>
          <Alert severity="info">{t('customers:payment.transferNote')}</Alert>
        </Grid>
      )}
      {method === 'debit' && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name={n('bankName')} label={t('orders:wizard.customer.bankName')} required slotProps={{ htmlInput: { maxLength: 255 } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name={n('accountHolder')} label={t('customers:payment.accountHolder')} required slotProps={{ htmlInput: { maxLength: 255 } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField name={n('iban')} label={t('customers:payment.iban')} helperText={t('customers:payment.ibanHint')} required slotProps={{ htmlInput: { maxLength: 42 } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField name={n('bic')} label={t('customers:payment.bic')} required slotProps={{ htmlInput: { maxLength: 14 } }} />
          </Grid>
          <Grid size={12}>
            <CheckboxField name={n('mandateAuthorised')} label={t('customers:payment.mandate')} />
          </Grid>
        </>
      )}
      {method === 'credit_card' && (
        <>
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              {t('customers:payment.hostedNote')}
            </Typography>
            {cardSaved && (
              <Alert severity="success" sx={{ mt: 1 }}>
                {t('orders:wizard.customer.cardSaved')}
              </Alert>
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="card.number" label={t('customers:payment.cardNumber')} autoComplete="cc-number" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <FormTextField name="card.expiry" label={t('customers:payment.cardExpiry')} autoComplete="cc-exp" slotProps={{ htmlInput: { maxLength: 7 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <FormTextField name="card.cvc" label={t('customers:payment.cardCvc')} autoComplete="cc-csc" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
          </Grid>
        </>
      )}
    </Grid>
  );
}
