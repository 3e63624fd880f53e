import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useGetMeQuery } from '../api/session';
import { useAppSelector } from '../store';
import { NotificationBell } from '../notifications/NotificationBell';
import { SpotlightButton } from '../spotlight/Spotlight';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';
import { DemoTopBarHook } from '../demo/DemoShell';
import { useOffersRoute } from '../demo/api';
import type common from '../i18n/locales/de/common.json';

export interface NavEntry {
  to: string;
  key: keyof typeof common.nav;
  end?: boolean;
}

/** Top navigation (§2): dashboard, contracts, invoices, orders, and partner for partner managers only. */
export function navEntries(isPartner: boolean): NavEntry[] {
  return [
    { to: '/', key: 'dashboard', end: true },
    { to: '/contracts', key: 'contracts' },
    { to: '/invoices', key: 'invoices' },
    { to: '/orders', key: 'orders' },
    ...(isPartner ? [{ to: '/partner', key: 'partner' } as const] : []),
  ];
}

export function TopBar() {
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const offers = useOffersRoute();
  // Demo mode offers only the routes it shows (§4 Display): the dashboard.
  const entries = signedIn && me ? navEntries(me.isPartner).filter((e) => offers(e.to)) : [];
  return (
    <AppBar position="sticky" color="primary" enableColorOnDark>
      {/* At 375 px the menu, name, search, bell, language and user controls must fit in one row (issue 15). */}
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {entries.length > 0 && (
          <>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.openMenu')}
              onClick={(e) => setMenu(e.currentTarget)}
              sx={{ display: { md: 'none' } }}
              data-tour="main-nav-button"
            >
              <MenuIcon />
            </IconButton>
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
              {entries.map((e) => (
                <MenuItem key={e.key} component={NavLink} to={e.to} end={e.end} onClick={() => setMenu(null)}>
                  {t(`nav.${e.key}`)}
                </MenuItem>
              ))}
            </Menu>
          </>
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
          <Box component="nav" aria-label={t('nav.label')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }} data-tour="main-nav">
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
        {signedIn && <SpotlightButton />}
        {signedIn && <NotificationBell />}
        {signedIn && <DemoTopBarHook />}
        <LanguageSwitch />
        {signedIn && <UserMenu />}
      </Toolbar>
    </AppBar>
  );
}
