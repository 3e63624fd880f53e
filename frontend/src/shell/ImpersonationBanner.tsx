import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetMeQuery } from '../api/session';
import { signedOut } from '../auth/authSlice';
import { toLoginPage } from '../auth/loginHandOff';
import { useEndImpersonationMutation, useGetImpersonationQuery } from '../pages/impersonation/impersonationApi';
import { useAppDispatch, useAppSelector } from '../store';
import { callFailed } from '../ui/notify';

/**
 * While a staff member acts as a user (§6 impersonation), a bar on every page says so and ends it. Staff
 * members in their own session get a slim bar with the way to start one.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('impersonation');
  const signedInNow = useAppSelector((s) => s.auth.status === 'authenticated' && !s.auth.lost);
  const { data: state } = useGetImpersonationQuery(undefined, { skip: !signedInNow });
  const { data: me } = useGetMeQuery(undefined, { skip: !signedInNow || !state?.active });
  const [end, { isLoading }] = useEndImpersonationMutation();
  const dispatch = useAppDispatch();
  if (!signedInNow || !state) return null;

  if (state.active)
    return (
      <Box
        role="region"
        aria-label={t('banner.label')}
        data-testid="impersonation-banner"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          bgcolor: 'warning.main',
          color: 'warning.contrastText',
          px: 2,
          py: 1,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 12px, rgba(0,0,0,0.06) 12px 24px)',
        }}
      >
        <SupervisorAccountIcon aria-hidden />
        <Typography sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('banner.text', {
            name: me ? `${me.firstname} ${me.surname}` : '',
            email: me?.email ?? '',
            staff: state.impersonator ? `${state.impersonator.firstname} ${state.impersonator.surname}` : '',
          })}
        </Typography>
        <Button
          variant="contained"
          color="inherit"
          size="small"
          disabled={isLoading}
          sx={{ color: 'text.primary', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.default' } }}
          onClick={async () => {
            const result = await end();
            if ('error' in result) {
              const notice = callFailed(result.error);
              if (notice) dispatch(notice);
              return;
            }
            dispatch(signedOut());
            toLoginPage({ notice: { severity: 'info', key: 'impersonation:banner.ended' } });
          }}
        >
          {t('banner.end')}
        </Button>
      </Box>
    );

  if (state.canImpersonate)
    return (
      <Box sx={{ bgcolor: 'action.hover', px: 2, py: 0.5, display: 'flex', gap: 1, alignItems: 'center' }} data-testid="staff-bar">
        <SupervisorAccountIcon fontSize="small" color="action" aria-hidden />
        <Typography variant="body2" color="text.secondary">
          {t('staffBar.text')}{' '}
          <Link component={RouterLink} to="/impersonation">
            {t('staffBar.link')}
          </Link>
        </Typography>
      </Box>
    );
  return null;
}
