import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/baseApi';
import { useLogoutMutation } from '../api/session';
import { PageLoading } from '../shell/PageLoading';
import { useAppDispatch } from '../store';
import { alertAdded } from '../ui/uiSlice';
import { signedOut } from './authSlice';

/** `/logout`: ends the session on the server, clears the user's state and returns to the login page. */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .unwrap()
      .catch(() => undefined)
      .finally(() => {
        dispatch(signedOut());
        dispatch(api.util.resetApiState());
        dispatch(alertAdded({ type: 'success', message: t('logout.done') }));
        navigate('/login', { replace: true });
      });
  }, [logout, dispatch, navigate, t]);
  return <PageLoading label={t('logout.progress')} />;
}
