import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../api/baseApi';
import { useAppDispatch } from '../store';
import { afterLoginTarget } from './afterLogin';
import { readLoginHandOff } from './loginHandOff';
import { applyUserSettings } from './applyUser';
import { signedIn } from './authSlice';
import { LoginForm, type LoginStep } from './LoginForm';
import { useDocumentTitle } from '../shell/useDocumentTitle';

/**
 * The SPA's sign-in page: only a fallback since `/a/login` is the lean entry of its own (login.html, issue 14) —
 * shown where a server answers `/a/login` with the SPA (the Vite dev server without its rewrite, an older BFF).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useLocation().state;
  const [step, setStep] = useState<LoginStep>('password');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography variant="h1" gutterBottom>
          {t('login.title')}
        </Typography>
        {step === 'password' && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('login.subtitle')}
          </Typography>
        )}
        <LoginForm
          onStep={setStep}
          onSuccess={(me) => {
            dispatch(api.util.resetApiState());
            applyUserSettings(dispatch, me);
            dispatch(signedIn());
            navigate(afterLoginTarget(state ?? readLoginHandOff()), { replace: true });
          }}
        />
      </Paper>
    </Box>
  );
}
