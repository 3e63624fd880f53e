import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogoutMutation } from '../api/session';
import { PageLoading } from '../shell/PageLoading';
import { useAppDispatch } from '../store';
import { signedOut } from './authSlice';
import { toLoginPage } from './loginHandOff';

/** `/logout`: ends the session on the server and loads the sign-in page (its own entry, issue 14) with the notice. */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .unwrap()
      .catch(() => undefined)
      .finally(() => {
        dispatch(signedOut());
        toLoginPage({ notice: { severity: 'success', key: 'auth:logout.done' } });
      });
  }, [logout, dispatch]);
  return <PageLoading label={t('logout.progress')} />;
}
