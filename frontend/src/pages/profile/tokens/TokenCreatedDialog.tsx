import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { alertAdded } from '../../../ui/uiSlice';

/** §2/§3: the new token, shown once, with a copy button. Closing forgets it. */
export function TokenCreatedDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  const dispatch = useAppDispatch();
  return (
    <Dialog open={!!token} onClose={(_, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby="token-created-title" maxWidth="sm" fullWidth>
      <DialogTitle id="token-created-title">{t('created.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('created.text')}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label={t('created.label')}
              value={token ?? ''}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-token', style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } } }}
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              sx={{ flexShrink: 0 }}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(token ?? '')
                  .then(() => dispatch(alertAdded({ type: 'success', message: t('notices.copied') })))
                  .catch(() => undefined)
              }
            >
              {t('created.copy')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
