import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/baseApi';
import { useGetMeQuery } from '../api/session';
import { useAppDispatch, useAppSelector } from '../store';
import { applyUserSettings } from './applyUser';
import { signedIn } from './authSlice';
import { LoginForm } from './LoginForm';

/** Shown when the session is lost while working (§4): sign in again without leaving the page. */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const lost = useAppSelector((s) => s.auth.lost);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: previous } = useGetMeQuery(undefined, { skip: !lost });
  return (
    <Dialog open={lost} aria-labelledby="login-modal-title" maxWidth="xs" fullWidth>
      <DialogTitle id="login-modal-title">{t('modal.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('modal.text')}
        </Typography>
        <LoginForm
          initialEmail={previous?.email}
          onSuccess={(me) => {
            if (previous && previous.id !== me.id) {
              // Someone else signed in: nothing of the previous user's data may stay on screen.
              dispatch(api.util.resetApiState());
              navigate('/', { replace: true });
            } else dispatch(api.util.invalidateTags(['Me', 'Clusters']));
            applyUserSettings(dispatch, me);
            dispatch(signedIn());
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
