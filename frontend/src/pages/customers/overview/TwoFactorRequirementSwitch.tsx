import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import { ReadOnlyHint, useReadOnly } from '@portal/plugin-sdk/web/read-only';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../../api/clusters';
import { apiError } from '../../../api/baseApi';
import { useSetClusterTwoFactorRequirementMutation } from '../../../api/customers';
import { useAppDispatch } from '../../../store';
import { callFailed, notifySuccess, translateServerMessage } from '../../../ui/notify';
import { alertAdded } from '../../../ui/uiSlice';

/**
 * §2 "a per-cluster toggle to require two-factor authentication": a switch for administrators of the
 * cluster (R6.004); activating needs the own 2FA (R5.041, the server's §8 message otherwise), deactivating
 * always works (R4.025). Everyone else sees the state only.
 */
export function TwoFactorRequirementSwitch({ cluster }: { cluster: ClusterSummary }) {
  const { t } = useTranslation('customers');
  const dispatch = useAppDispatch();
  const [save, state] = useSetClusterTwoFactorRequirementMutation();
  const readOnly = useReadOnly();
  const required = cluster.forceTwoFactor ?? false;
  const name = `${cluster.name} (${cluster.number})`;
  if (!cluster.administrator)
    return <Chip size="small" variant="outlined" label={required ? t('twoFactor.required') : t('twoFactor.optional')} color={required ? 'success' : 'default'} />;
  const change = async (next: boolean) => {
    const result = await save({ clusterId: cluster.id, required: next });
    if ('error' in result) {
      const field = apiError(result.error)?.fields?.required?.[0];
      if (field) dispatch(alertAdded({ type: 'danger', message: translateServerMessage(field) }));
      else {
        const notice = callFailed(result.error);
        if (notice) dispatch(notice);
      }
      return;
    }
    dispatch(next ? notifySuccess('customers:twoFactor.enabled', { name, count: result.data.notified }) : notifySuccess('customers:twoFactor.disabled', { name }));
  };
  return (
    <ReadOnlyHint>
      <Switch
        checked={required}
        disabled={readOnly || state.isLoading}
        onChange={(e) => void change(e.target.checked)}
        slotProps={{ input: { 'aria-label': t('twoFactor.label', { name }) } }}
      />
    </ReadOnlyHint>
  );
}
