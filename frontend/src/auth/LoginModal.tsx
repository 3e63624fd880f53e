import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/baseApi';
import { useGetMeQuery } from '../api/session';
import { useAppDispatch, useAppSelector } from '../store';
import { applyUserSettings } from './applyUser';
import { signedIn } from './authSlice';
import { PageLoading } from '../shell/PageLoading';
import { whenIdle } from '../shell/idle';

// The form (react-final-form, text fields) is not part of a page's start: it is fetched once the signed-in
// page is idle, so it is there when the session is lost (issue 14).
const loadLoginForm = () => import('./LoginForm');
const LoginForm = lazy(() => loadLoginForm().then((m) => ({ default: m.LoginForm })));

/** Shown when the session is lost while working (§4): sign in again without leaving the page. */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const lost = useAppSelector((s) => s.auth.lost);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authenticated = useAppSelector((s) => s.auth.status === 'authenticated');
  const { data: previous } = useGetMeQuery(undefined, { skip: !lost });
  useEffect(() => (authenticated ? whenIdle(() => void loadLoginForm().catch(() => undefined), 5000) : undefined), [authenticated]);
  return (
    <Dialog open={lost} aria-labelledby="login-modal-title" maxWidth="xs" fullWidth>
      <DialogTitle id="login-modal-title">{t('modal.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('modal.text')}
        </Typography>
        <Suspense fallback={<PageLoading />}>
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
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
