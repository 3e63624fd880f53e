import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useGetCustomerPaymentQuery, useIssueLocalCardTokenMutation, useUpdateCustomerPaymentMutation, type CustomerPayment } from '../../api/customers';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { useAppDispatch } from '../../store';
import { notifySuccess } from '../../ui/notify';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

interface PaymentValues {
  method: 'transfer' | 'debit' | 'credit_card';
  accountHolder?: string;
  iban?: string;
  bic?: string;
  mandateAuthorised?: boolean;
  cardNumber?: string;
  cardExpiry?: string;
  cardCvc?: string;
  applyToOpenInvoices?: boolean;
}

const dateFormat = (language: string) => new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'medium' });

/** What the customer pays with now, in one line. */
function Current({ payment }: { payment: CustomerPayment }) {
  const { t, i18n } = useTranslation('customers');
  const text =
    payment.method === 'debit'
      ? t('payment.currentDebit', {
          iban: payment.iban,
          reference: payment.mandateReference,
          date: payment.mandateDate ? dateFormat(i18n.language).format(new Date(payment.mandateDate)) : '',
        })
      : payment.method === 'credit_card' && payment.card
        ? t('payment.currentCard', { brand: payment.card.brand.toUpperCase(), last4: payment.card.last4, expiry: payment.card.expiry })
        : t('payment.currentTransfer');
  return (
    <Typography sx={{ mb: 2 }} data-testid="payment-current">
      {text}
    </Typography>
  );
}

/**
 * §2 payment method: transfer, SEPA direct debit (euro-area IBAN, BIC, mandate checkbox, 12-week refund
 * note) or credit card. The card goes to the payment provider's hosted field (here the local provider),
 * which answers a single-use token; only the token reaches the customer's payment data.
 */
export function PaymentSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const { data: payment, isLoading, isError } = useGetCustomerPaymentQuery(customerId);
  const [update] = useUpdateCustomerPaymentMutation();
  const [issueToken] = useIssueLocalCardTokenMutation();

  const onSubmit = async (v: PaymentValues) => {
    let cardToken: string | undefined;
    if (v.method === 'credit_card') {
      const [month, year] = (v.cardExpiry ?? '').split('/').map((p) => Number(p.trim()));
      const issued = await issueToken({ number: v.cardNumber ?? '', expMonth: month || 1, expYear: year < 100 ? 2000 + year : year || 2000, cvc: v.cardCvc ?? '' });
      if ('error' in issued) {
        const errors = submitErrors(issued.error) as Record<string, string> | undefined;
        return errors && { cardNumber: errors.number, cardExpiry: errors.expiry, cardCvc: errors.cvc, [FORM_ERROR]: errors[FORM_ERROR] };
      }
      cardToken = issued.data.token;
    }
    const result = await update({
      customerId,
      body: {
        method: v.method,
        applyToOpenInvoices: v.applyToOpenInvoices === true,
        ...(v.method === 'debit' ? { accountHolder: v.accountHolder ?? '', iban: v.iban ?? '', bic: v.bic ?? '', mandateAuthorised: v.mandateAuthorised === true } : {}),
        ...(cardToken ? { cardToken } : {}),
      },
    });
    if ('error' in result) return submitErrors(result.error);
    dispatch(notifySuccess('customers:payment.saved'));
    return undefined;
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="payment-heading">
      <Typography variant="h3" component="h2" id="payment-heading" sx={{ mb: 1 }}>
        {t('payment.title')}
      </Typography>
      {isLoading ? (
        <Skeleton height={80} />
      ) : isError || !payment ? (
        <Alert severity="error">{t('payment.loadError')}</Alert>
      ) : (
        <>
          <Current payment={payment} />
          <Form<PaymentValues> initialValues={{ method: payment.method, applyToOpenInvoices: false, mandateAuthorised: false }} onSubmit={onSubmit}>
            {({ handleSubmit, submitting, submitError, values }) => (
              <Box component="form" onSubmit={handleSubmit} noValidate aria-labelledby="payment-heading">
                {submitError && (
                  <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                    {submitError}
                  </Alert>
                )}
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField name="method" select label={t('payment.method')} required>
                      {(['transfer', 'debit', 'credit_card'] as const).map((m) => (
                        <MenuItem key={m} value={m}>
                          {t(`payment.methods.${m}`)}
                        </MenuItem>
                      ))}
                    </FormTextField>
                  </Grid>
                  {values.method === 'transfer' && (
                    <Grid size={12}>
                      <Alert severity="info">{t('payment.transferNote')}</Alert>
                    </Grid>
                  )}
                  {values.method === 'debit' && (
                    <>
                      <Grid size={{ xs: 12, sm: 6 }}>
                        <FormTextField name="accountHolder" label={t('payment.accountHolder')} required />
                      </Grid>
                      <Grid size={{ xs: 12, sm: 8 }}>
                        <FormTextField name="iban" label={t('payment.iban')} helperText={t('payment.ibanHint')} required />
                      </Grid>
                      <Grid size={{ xs: 12, sm: 4 }}>
                        <FormTextField name="bic" label={t('payment.bic')} required />
                      </Grid>
                      <Grid size={12}>
                        <Field name="mandateAuthorised" type="checkbox">
                          {({ input, meta }) => (
                            <>
                              <FormControlLabel control={<Checkbox {...input} />} label={t('payment.mandate')} />
                              {!meta.dirtySinceLastSubmit && meta.submitError && (
                                <Typography color="error" variant="body2" role="alert">
                                  {meta.submitError}
                                </Typography>
                              )}
                            </>
                          )}
                        </Field>
                        {/* Under the checkbox's label (the checkbox is 42 px wide, its label pulled 11 px to the left). */}
                        <Typography variant="body2" color="text.secondary" sx={{ pl: '31px' }}>
                          {t('payment.refundNote', { weeks: payment.refundWeeks })}
                        </Typography>
                      </Grid>
                    </>
                  )}
                  {values.method === 'credit_card' && (
                    <>
                      <Grid size={12}>
                        <Typography variant="body2" color="text.secondary">
                          {t('payment.hostedNote')}
                        </Typography>
                      </Grid>
                      <Grid size={{ xs: 12, sm: 6 }}>
                        <FormTextField name="cardNumber" label={t('payment.cardNumber')} autoComplete="cc-number" inputMode="numeric" required />
                      </Grid>
                      <Grid size={{ xs: 6, sm: 3 }}>
                        <FormTextField name="cardExpiry" label={t('payment.cardExpiry')} autoComplete="cc-exp" required />
                      </Grid>
                      <Grid size={{ xs: 6, sm: 3 }}>
                        <FormTextField name="cardCvc" label={t('payment.cardCvc')} autoComplete="cc-csc" inputMode="numeric" required />
                      </Grid>
                      <Field name="cardToken">{({ meta }) => (!meta.dirtySinceLastSubmit && meta.submitError ? <Grid size={12}><Alert severity="error" role="alert">{meta.submitError}</Alert></Grid> : null)}</Field>
                    </>
                  )}
                  <Grid size={12}>
                    <Field name="applyToOpenInvoices" type="checkbox">
                      {({ input }) => <FormControlLabel control={<Checkbox {...input} />} label={t('payment.applyToOpenInvoices')} />}
                    </Field>
                  </Grid>
                </Grid>
                <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
                  <Button type="submit" variant="contained" disabled={submitting}>
                    {t('payment.save')}
                  </Button>
                </Box>
              </Box>
            )}
          </Form>
        </>
      )}
    </Paper>
  );
}
