import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { SessionsBlock } from './SessionsBlock';
import { TwoFactorBlock } from './TwoFactorBlock';

/** My data → security (§2): change password, two-factor authentication, active sessions. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  useDocumentTitle(t('title'));
  const [changing, setChanging] = useState(false);
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="password-heading">
        <Typography variant="h3" component="h2" id="password-heading" sx={{ mb: 2 }}>
          {t('password.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            label={t('password.current')}
            value="••••••••••••"
            disabled
            slotProps={{ htmlInput: { 'aria-readonly': true, tabIndex: -1 } }}
            sx={{ minWidth: 260 }}
          />
          <Button variant="outlined" onClick={() => setChanging(true)}>
            {t('password.change')}
          </Button>
        </Stack>
      </Paper>
      <TwoFactorBlock />
      <SessionsBlock />
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </Stack>
  );
}
