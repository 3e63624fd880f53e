import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useGetMeQuery } from '../api/session';
import { useAppSelector } from '../store';
import { LanguageSwitch } from './LanguageSwitch';
import { NavMenu, SignedInTools, UserMenu } from './lazyParts';

export interface NavEntry {
  to: string;
  key: string;
  end?: boolean;
}

/** Top navigation (§2): dashboard, contracts, invoices, orders, and partner for partner managers only. */
export function navEntries(isPartner: boolean): NavEntry[] {
  return [
    { to: '/', key: 'dashboard', end: true },
    { to: '/contracts', key: 'contracts' },
    { to: '/invoices', key: 'invoices' },
    { to: '/orders', key: 'orders' },
    ...(isPartner ? [{ to: '/partner', key: 'partner' }] : []),
  ];
}

export function TopBar() {
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const entries = signedIn && me ? navEntries(me.isPartner) : [];
  return (
    <AppBar position="sticky" color="primary" enableColorOnDark>
      {/* At 375 px the menu, name, search, bell, language and user controls must fit in one row (issue 15). */}
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {entries.length > 0 && (
          <Suspense fallback={null}>
            <NavMenu entries={entries} />
          </Suspense>
        )}
        <Typography
          variant="h6"
          component={Link}
          to="/"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            fontSize: { xs: '1.05rem', sm: '1.25rem' },
            mr: { xs: 0.5, sm: 2 },
            whiteSpace: 'nowrap',
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {t('appName')}
        </Typography>
        {entries.length > 0 && (
          <Box component="nav" aria-label={t('nav.label')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {entries.map((e) => (
              <Button
                key={e.key}
                component={NavLink}
                to={e.to}
                end={e.end}
                color="inherit"
                sx={{ opacity: 0.85, '&.active': { opacity: 1, bgcolor: 'rgba(255,255,255,0.16)' } }}
              >
                {t(`nav.${e.key}`)}
              </Button>
            ))}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {/* The signed-in tools come as one chunk after sign-in (issue 14). */}
        {signedIn && (
          <Suspense fallback={null}>
            <SignedInTools />
          </Suspense>
        )}
        <LanguageSwitch />
        {signedIn && (
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
