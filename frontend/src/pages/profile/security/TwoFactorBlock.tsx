import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteTwoFactorRecoveryPhoneMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorRecoveryPhoneQuery,
  useGetTwoFactorStatusQuery,
  useRenewTwoFactorRecoveryCodesMutation,
} from '../../../api/security';
import { submitErrors } from '../../../forms/submitErrors';
import { useAppDispatch } from '../../../store';
import { callFailed } from '../../../ui/notify';
import { alertAdded } from '../../../ui/uiSlice';
import { ActivateTwoFactorDialog } from './ActivateTwoFactorDialog';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';
import { RecoveryCodesList } from './RecoveryCodesList';
import { RecoveryPhoneDialog } from './RecoveryPhoneDialog';

type Open = 'activate' | 'codes' | 'deactivate' | 'phone' | 'removePhone' | null;

/**
 * §2/§4 two-factor block: status badge; activate (deactivated, or enabled but not confirmed), show
 * recovery codes (confirmed), deactivate (enabled); recovery phone: add (enabled, no number) or edit
 * and remove (a number exists), the number in a read-only field.
 */
export function TwoFactorBlock() {
  const { t } = useTranslation('security');
  const dispatch = useAppDispatch();
  const status = useGetTwoFactorStatusQuery();
  const phone = useGetTwoFactorRecoveryPhoneQuery(undefined, { skip: !status.data?.enabled });
  const [renew] = useRenewTwoFactorRecoveryCodesMutation();
  const [disable] = useDisableTwoFactorMutation();
  const [removePhone, removing] = useDeleteTwoFactorRecoveryPhoneMutation();
  const [open, setOpen] = useState<Open>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setOpen(null);
    setCodes(null);
  };

  const s = status.data;
  const number = s?.enabled ? (phone.data ?? null) : null;
  const active = !!s?.enabled && !!s.confirmed;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="two-factor-heading">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="h3" component="h2" id="two-factor-heading">
          {t('twoFactor.title')}
        </Typography>
        {s && (
          <Chip
            data-testid="two-factor-status"
            size="small"
            label={active ? t('twoFactor.active') : t('twoFactor.inactive')}
            color={active ? 'success' : 'default'}
            variant={active ? 'filled' : 'outlined'}
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('twoFactor.description')}
      </Typography>
      {status.isLoading ? (
        <Skeleton height={40} width={320} />
      ) : status.isError || !s ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : (
        <Stack spacing={2}>
          {s.enabled && !s.confirmed && <Alert severity="info">{t('twoFactor.pending')}</Alert>}
          {active && (
            <Typography variant="body2" color="text.secondary">
              {t('twoFactor.recoveryCodesLeft', { count: s.recoveryCodesLeft })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {!active && (
              <Button variant="contained" onClick={() => setOpen('activate')}>
                {t('twoFactor.activate')}
              </Button>
            )}
            {active && (
              <Button variant="outlined" onClick={() => setOpen('codes')}>
                {t('twoFactor.showRecoveryCodes')}
              </Button>
            )}
            {s.enabled && (
              <Button variant="outlined" color="error" onClick={() => setOpen('deactivate')}>
                {t('twoFactor.deactivate')}
              </Button>
            )}
          </Stack>

          {s.enabled && (
            <Box component="section" aria-labelledby="recovery-phone-heading" sx={{ pt: 1 }}>
              <Typography variant="subtitle1" component="h3" id="recovery-phone-heading" sx={{ mb: 1.5, fontWeight: 600 }}>
                {t('twoFactor.phone.title')}
              </Typography>
              {phone.isLoading ? (
                <Skeleton height={40} width={320} />
              ) : number ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                  <TextField
                    size="small"
                    label={t('twoFactor.phone.label')}
                    value={number}
                    slotProps={{ htmlInput: { readOnly: true } }}
                    sx={{ minWidth: 260 }}
                  />
                  <Stack direction="row" spacing={1}>
                    <Button onClick={() => setOpen('phone')}>{t('twoFactor.phone.edit')}</Button>
                    <Button color="error" onClick={() => setOpen('removePhone')}>
                      {t('twoFactor.phone.remove')}
                    </Button>
                  </Stack>
                </Stack>
              ) : (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                  <Typography color="text.secondary">{t('twoFactor.phone.none')}</Typography>
                  <Button variant="outlined" onClick={() => setOpen('phone')}>
                    {t('twoFactor.phone.add')}
                  </Button>
                </Stack>
              )}
            </Box>
          )}
        </Stack>
      )}

      <ActivateTwoFactorDialog open={open === 'activate'} onClose={close} />
      <PasswordConfirmDialog
        open={open === 'codes'}
        id="recovery-codes"
        title={t('twoFactor.recoveryTitle')}
        text={t('twoFactor.recoveryRenewText')}
        confirmLabel={t('twoFactor.recoveryShow')}
        onClose={close}
        onConfirm={async (password) => {
          const result = await renew({ password });
          if ('error' in result) return submitErrors(result.error);
          setCodes(result.data.recoveryCodes);
          return undefined;
        }}
        result={
          codes && (
            <Stack spacing={2}>
              <Typography color="text.secondary">{t('twoFactor.recoveryText')}</Typography>
              <RecoveryCodesList codes={codes} />
            </Stack>
          )
        }
      />
      <PasswordConfirmDialog
        open={open === 'deactivate'}
        id="deactivate-two-factor"
        title={t('twoFactor.deactivateTitle')}
        text={t('twoFactor.deactivateText')}
        confirmLabel={t('twoFactor.deactivate')}
        danger
        secondFactor={active}
        onClose={close}
        onConfirm={async (password, factor) => {
          const result = await disable({ password, ...factor });
          if ('error' in result) return submitErrors(result.error);
          dispatch(alertAdded({ type: 'success', message: t('twoFactor.deactivated') }));
          close();
          return undefined;
        }}
      />
      <RecoveryPhoneDialog open={open === 'phone'} current={number} onClose={close} />
      <Dialog open={open === 'removePhone'} onClose={close} aria-labelledby="remove-phone-title" maxWidth="xs" fullWidth>
        <DialogTitle id="remove-phone-title">{t('twoFactor.phone.removeTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('twoFactor.phone.removeText', { phone: number ?? '' })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={removing.isLoading}
            onClick={async () => {
              const result = await removePhone();
              close();
              if ('error' in result) {
                const notice = callFailed(result.error);
                if (notice) dispatch(notice);
              } else dispatch(alertAdded({ type: 'success', message: t('twoFactor.phone.removed') }));
            }}
          >
            {t('remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
