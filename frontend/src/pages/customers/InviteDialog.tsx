import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useInviteToCustomerMutation, type CustomerTeam } from '../../api/customers';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { collectErrors, emailMessage, requiredMessage } from '../../forms/validators';
import { useAppDispatch } from '../../store';
import { notifySuccess } from '../../ui/notify';

interface InviteValues {
  email: string;
  role: 'manager' | 'administrator';
  clusterId: string;
}

/** §2 Administrators and managers: invite a manager (customer) or an administrator (one of its clusters) by e-mail. */
export function InviteDialog({ customerId, clusters, open, onClose }: { customerId: number; clusters: CustomerTeam['clusters']; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const [invite] = useInviteToCustomerMutation();
  const onSubmit = async (v: InviteValues) => {
    const result = await invite({
      customerId,
      body: { email: v.email.trim(), role: v.role, ...(v.role === 'administrator' ? { clusterId: Number(v.clusterId) } : {}) },
    });
    if ('error' in result) return submitErrors(result.error);
    dispatch(notifySuccess('customers:team.invited', { email: v.email.trim() }));
    onClose();
    return undefined;
  };
  const validate = (v: Partial<InviteValues>) =>
    collectErrors({ email: emailMessage(v.email), clusterId: v.role === 'administrator' ? requiredMessage(v.clusterId) : undefined });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="invite-title" maxWidth="sm" fullWidth>
      <Form<InviteValues> initialValues={{ email: '', role: 'manager', clusterId: clusters[0] ? String(clusters[0].id) : '' }} validate={validate} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError, values }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="invite-title">{t('team.inviteTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormTextField name="email" type="email" label={t('team.email')} autoComplete="off" required autoFocus />
                <FormTextField name="role" select label={t('team.role')} required>
                  <MenuItem value="manager">{t('team.roles.manager')}</MenuItem>
                  <MenuItem value="administrator" disabled={!clusters.length}>
                    {t('team.roles.administrator')}
                  </MenuItem>
                </FormTextField>
                {values.role === 'administrator' && (
                  <FormTextField name="clusterId" select label={t('team.cluster')} required>
                    {clusters.map((c) => (
                      <MenuItem key={c.id} value={String(c.id)}>
                        {c.number} {c.name}
                      </MenuItem>
                    ))}
                  </FormTextField>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('team.send')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
