import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useCreateCustomerHandleMutation, useUpdateCustomerHandleMutation, type DomainHandle, type DomainHandleInput } from '../../api/customers';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { useAppDispatch } from '../../store';
import { notifySuccess } from '../../ui/notify';
import { countryOptions } from '../profile/personal/countries';

type HandleValues = Record<Exclude<keyof DomainHandleInput, 'seOwner'>, string> & { seOwner: boolean };

const textFields = ['company', 'firstname', 'surname', 'street', 'postalCode', 'city', 'email', 'phone', 'fax', 'idCardNumber', 'birthday', 'companyRegistrationNumber', 'taxId'] as const;

const valuesOf = (h: DomainHandle | null): HandleValues => ({
  kind: h?.kind ?? 'person',
  seOwner: h?.seOwner ?? false,
  country: h?.country ?? 'de',
  ...(Object.fromEntries(textFields.map((f) => [f, h?.[f] ?? ''])) as Record<(typeof textFields)[number], string>),
});

const bodyOf = (v: HandleValues): DomainHandleInput => {
  const text = (f: (typeof textFields)[number]) => (v[f] ?? '').trim();
  const orNull = (f: (typeof textFields)[number]) => text(f) || null;
  return {
    kind: v.kind === 'company' ? 'company' : 'person',
    seOwner: v.seOwner === true,
    country: v.country as DomainHandleInput['country'],
    company: orNull('company'),
    firstname: text('firstname'),
    surname: text('surname'),
    street: text('street'),
    postalCode: text('postalCode'),
    city: text('city'),
    email: text('email'),
    phone: text('phone'),
    fax: orNull('fax'),
    idCardNumber: orNull('idCardNumber'),
    birthday: orNull('birthday'),
    companyRegistrationNumber: orNull('companyRegistrationNumber'),
    taxId: orNull('taxId'),
  };
};

/** §2 handle create and edit (ids prefixed: the customer data form on the same page has fields of the same names) with every field of §3; the server applies the §5 .se owner rules. */
export function HandleDialog({ customerId, handle, onClose, onCreated }: { customerId: number; handle: DomainHandle | null; onClose: () => void; onCreated?: (created: DomainHandle) => void }) {
  const { t, i18n } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const [create] = useCreateCustomerHandleMutation();
  const [update] = useUpdateCustomerHandleMutation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const initialValues = useMemo(() => valuesOf(handle), [handle]);
  const onSubmit = async (v: HandleValues) => {
    const result = handle ? await update({ customerId, handleId: handle.id, body: bodyOf(v) }) : await create({ customerId, body: bodyOf(v) });
    if ('error' in result) return submitErrors(result.error);
    dispatch(notifySuccess(handle ? 'customers:handles.updated' : 'customers:handles.created', { handle: result.data.handle }));
    if (!handle) onCreated?.(result.data);
    onClose();
    return undefined;
  };
  const field = (name: (typeof textFields)[number], required = false, extra: object = {}) => (
    <Grid size={{ xs: 12, sm: 6 }} key={name}>
      <FormTextField name={name} id={`handle-${name}`} label={t(`handles.fields.${name}`)} required={required} {...extra} />
    </Grid>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="handle-title" maxWidth="md" fullWidth>
      <Form<HandleValues> initialValues={initialValues} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError, values }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="handle-title">{handle ? t('handles.editTitle', { handle: handle.handle }) : t('handles.createTitle')}</DialogTitle>
            <DialogContent>
              {submitError && (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  {submitError}
                </Alert>
              )}
              <Grid container spacing={2} sx={{ pt: 1 }}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="kind" id="handle-kind" select label={t('handles.fields.kind')} required>
                    <MenuItem value="person">{t('handles.kinds.person')}</MenuItem>
                    <MenuItem value="company">{t('handles.kinds.company')}</MenuItem>
                  </FormTextField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Field name="seOwner" type="checkbox">
                    {({ input }) => <FormControlLabel control={<Checkbox {...input} />} label={t('handles.fields.seOwner')} />}
                  </Field>
                </Grid>
                {values.kind === 'company' && field('company', true)}
                {field('firstname', true)}
                {field('surname', true)}
                {field('street', true)}
                {field('postalCode', true)}
                {field('city', true)}
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="country" id="handle-country" select label={t('handles.fields.country')} required slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
                    {countries.map((c) => (
                      <MenuItem key={c.code} value={c.code}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </Grid>
                {field('email', true, { type: 'email' })}
                {field('phone', true, { type: 'tel' })}
                {field('fax', false, { type: 'tel' })}
                {field('birthday', false, { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
                {field('idCardNumber')}
                {field('companyRegistrationNumber')}
                {field('taxId')}
              </Grid>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('handles.save')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
