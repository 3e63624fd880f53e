import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeclineInvitationMutation, type InvitationLink } from '../../api/invitations';
import { useAppDispatch } from '../../store';
import { callFailed } from '../../ui/notify';

/** Declines after a confirmation; the link is used up then. */
export function DeclineButton({ link, onDeclined }: { link: InvitationLink; onDeclined: () => void }) {
  const { t } = useTranslation(['invitations', 'common']);
  const [open, setOpen] = useState(false);
  const [decline, { isLoading }] = useDeclineInvitationMutation();
  const dispatch = useAppDispatch();
  return (
    <>
      <Button color="inherit" onClick={() => setOpen(true)}>
        {t('decline.button')}
      </Button>
      <Dialog open={open} onClose={isLoading ? undefined : () => setOpen(false)} aria-labelledby="decline-title" maxWidth="xs" fullWidth>
        <DialogTitle id="decline-title">{t('decline.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('decline.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={isLoading}>
            {t('common:cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={isLoading}
            onClick={async () => {
              const result = await decline(link);
              setOpen(false);
              if ('error' in result) {
                const notice = callFailed(result.error);
                if (notice) dispatch(notice);
              } else onDeclined();
            }}
          >
            {t('decline.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
