import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { WriteButton } from '@portal/plugin-sdk/web/read-only';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../../api/clusters';
import { useUpdateClusterDetailsMutation } from '../../../api/customers';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { useAppDispatch } from '../../../store';
import { notifySuccess } from '../../../ui/notify';

interface Values {
  name?: string;
  description?: string;
}

/**
 * §2 edit cluster name and description; the name only while the contract is productive (§4, §8). For a development
 * cluster the name shows disabled with the reason and is not sent, so a description change saves (issue 31, finding 8).
 */
export function EditClusterDialog({ cluster, onClose }: { cluster: ClusterSummary; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const [update] = useUpdateClusterDetailsMutation();
  const nameLocked = cluster.contractMode !== 'production';
  const onSubmit = async (v: Values) => {
    const name = (v.name ?? '').trim();
    const result = await update({
      clusterId: cluster.id,
      body: { ...(!nameLocked && name !== cluster.name ? { name } : {}), description: (v.description ?? '').trim() || null },
    });
    if ('error' in result) return submitErrors(result.error);
    dispatch(notifySuccess('customers:overview.saved', { number: cluster.number }));
    onClose();
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-cluster-title" maxWidth="sm" fullWidth>
      <Form<Values> initialValues={{ name: cluster.name, description: cluster.description ?? '' }} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="edit-cluster-title">{t('overview.editTitle', { number: cluster.number })}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormTextField
                  name="name"
                  id="cluster-name"
                  label={t('overview.name')}
                  required={!nameLocked}
                  disabled={nameLocked}
                  helperText={nameLocked ? t('overview.nameOnlyProductive') : undefined}
                />
                <FormTextField name="description" id="cluster-description" label={t('overview.description')} multiline minRows={2} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('common:cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {t('overview.save')}
              </WriteButton>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
