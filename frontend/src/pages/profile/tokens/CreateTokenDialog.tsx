import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useListClustersQuery } from '../../../api/clusters';
import { useCreatePersonalAccessTokenMutation } from '../../../api/tokens';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { fieldOfServer, initialTokenValues, isoDay, toRequest, validateToken, type TokenFormValues } from './tokenForm';
import { dialogFormSx } from '../security/dialogForm';

function RadioField({ name, value, label, disabled }: { name: string; value: string; label: string; disabled?: boolean }) {
  return (
    <Field name={name} type="radio" value={value}>
      {({ input }) => <FormControlLabel control={<Radio {...input} />} label={label} disabled={disabled} />}
    </Field>
  );
}

function CheckboxField({ name, value, label, disabled }: { name: string; value?: string; label: string; disabled?: boolean }) {
  return (
    <Field name={name} type="checkbox" value={value}>
      {({ input }) => <FormControlLabel control={<Checkbox {...input} />} label={label} disabled={disabled} />}
    </Field>
  );
}

/**
 * §4 token creation: name; expiry until a day (default one month ahead, not before today) or
 * unlimited; limited access (at least one of the active clusters, page size 100, or all clusters, plus
 * profile and accounting) or full access, which disables the cluster choice.
 */
function CreateTokenForm({ onClose, onCreated }: { onClose: () => void; onCreated: (plainTextToken: string) => void }) {
  const { t } = useTranslation(['tokens', 'errors']);
  const [create] = useCreatePersonalAccessTokenMutation();
  const clusters = useListClustersQuery({ active: 1, per_page: 100 });
  // Fixed once: a new initialValues object on every render would reset what the user typed.
  const [today] = useState(() => new Date());
  const [initialValues] = useState(() => initialTokenValues(today));
  return (
    <Form<TokenFormValues>
      initialValues={initialValues}
      validate={(v) => validateToken(v, new Date(), t)}
      onSubmit={async (values) => {
        const result = await create(toRequest(values));
        if ('error' in result) {
          const errors = submitErrors(result.error) ?? {};
          return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === FORM_ERROR ? k : (fieldOfServer[k] ?? k), v]));
        }
        onCreated(result.data.plainTextToken);
        return undefined;
      }}
    >
      {({ handleSubmit, submitting, submitError, values, errors, submitErrors: serverErrors, touched, submitFailed }) => {
        const full = values.access === 'full_access';
        const clusterError = (submitFailed || touched?.clusters) && (errors?.clusters || serverErrors?.clusters);
        return (
          <Box component="form" onSubmit={handleSubmit} noValidate sx={dialogFormSx}>
            <DialogContent>
              <Stack spacing={2.5}>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormTextField name="name" label={t('form.name')} helperText={t('form.nameHint')} required autoFocus slotProps={{ htmlInput: { maxLength: 255 } }} />

                <FormControl component="fieldset">
                  <FormLabel component="legend">{t('form.expiry')}</FormLabel>
                  <RadioGroup row>
                    <RadioField name="expiry" value="until" label={t('form.until')} />
                    <RadioField name="expiry" value="unlimited" label={t('form.unlimited')} />
                  </RadioGroup>
                  {values.expiry === 'until' && (
                    <Box sx={{ mt: 1, maxWidth: 400 }}>
                      <FormTextField
                        name="expiresAt"
                        type="date"
                        label={t('form.date')}
                        helperText={t('form.dateHint')}
                        required
                        size="small"
                        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoDay(today) } }}
                      />
                    </Box>
                  )}
                </FormControl>

                <FormControl component="fieldset">
                  <FormLabel component="legend">{t('form.access')}</FormLabel>
                  <RadioGroup row>
                    <RadioField name="access" value="limited_access" label={t('form.limited')} />
                    <RadioField name="access" value="full_access" label={t('form.full')} />
                  </RadioGroup>
                  {full && <FormHelperText sx={{ mx: 0 }}>{t('form.fullHint')}</FormHelperText>}
                </FormControl>

                <FormControl component="fieldset" error={!!clusterError && !full} disabled={full}>
                  <FormLabel component="legend">{t('form.clusters')}</FormLabel>
                  <FormGroup>
                    <CheckboxField name="allClusters" label={t('form.allClusters')} disabled={full} />
                    {clusters.isLoading ? (
                      <Skeleton height={32} />
                    ) : clusters.isError ? (
                      <FormHelperText error>{t('form.clustersLoadError')}</FormHelperText>
                    ) : clusters.data?.data.length ? (
                      <Box sx={{ pl: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                        {clusters.data.data.map((c) => (
                          <CheckboxField
                            key={c.id}
                            name="clusters"
                            value={String(c.id)}
                            label={`${c.number} ${c.name}`}
                            disabled={full || !!values.allClusters}
                          />
                        ))}
                      </Box>
                    ) : (
                      <FormHelperText>{t('form.noClusters')}</FormHelperText>
                    )}
                  </FormGroup>
                  {clusterError && !full && <FormHelperText role="alert">{clusterError}</FormHelperText>}
                </FormControl>

                <FormControl component="fieldset" disabled={full}>
                  <FormLabel component="legend">{t('form.areas')}</FormLabel>
                  <FormGroup row>
                    <CheckboxField name="profile" label={t('form.profile')} disabled={full} />
                    <CheckboxField name="accounting" label={t('form.accounting')} disabled={full} />
                  </FormGroup>
                </FormControl>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('cancel', { ns: 'common' })}</Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('form.submit')}
              </Button>
            </DialogActions>
          </Box>
        );
      }}
    </Form>
  );
}

export function CreateTokenDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (plainTextToken: string) => void }) {
  const { t } = useTranslation('tokens');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="create-token-title" maxWidth="sm" fullWidth>
      <DialogTitle id="create-token-title">{t('form.title')}</DialogTitle>
      {open && <CreateTokenForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}
