import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DemoTopBarHook } from '../demo/DemoShell';
import { NotificationBell } from '../notifications/NotificationBell';
import { useRealtime } from '../realtime/useRealtime';
import { SpotlightButton } from '../spotlight/Spotlight';
import type { NavEntry } from './TopBar';

/**
 * The parts of the frame only a signed-in user has (issue 14): one chunk, fetched once the session is known,
 * so the sign-in page does not carry the bell, spotlight, user menu, navigation menu or the real-time channel.
 */
export { ImpersonationBanner } from './ImpersonationBanner';
export { UserMenu } from './UserMenu';

/** Search, notification bell and the demo's actions in the top bar. */
export function SignedInTools() {
  return (
    <>
      <SpotlightButton />
      <NotificationBell />
      <DemoTopBarHook />
    </>
  );
}

/** The navigation as a menu on narrow screens. */
export function NavMenu({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={t('nav.openMenu')}
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ display: { md: 'none' } }}
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
  );
}

/** Effects of a signed-in session: the real-time channel. Renders nothing. */
export function SignedInEffects() {
  useRealtime();
  return null;
}
