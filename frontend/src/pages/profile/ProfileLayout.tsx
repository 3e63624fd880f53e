import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useWideScreen } from '../../ui/useWideScreen';

/** The five sections of "My data" (§2), in the spec's order; `''` is personal data at /profile. */
export const profileSections = [
  { path: '', key: 'personal' },
  { path: 'security', key: 'security' },
  { path: 'personal-access-token', key: 'tokens' },
  { path: 'permissions', key: 'permissions' },
  { path: 'notifications', key: 'notifications' },
] as const;

/** The section of a path under /profile (unknown sub-paths select none). */
export function sectionOf(pathname: string): string | false {
  const rest = pathname.replace(/^\/profile\/?/, '').split('/')[0] ?? '';
  return profileSections.some((s) => s.path === rest) ? rest : false;
}

/**
 * My data (§2): a side navigation of the five sections (tabs on narrow screens) next to the section's
 * page. UI settings (reduced width, dark mode) live in the user menu.
 */
export default function ProfileLayout() {
  const { t } = useTranslation('profile');
  const { pathname } = useLocation();
  const wide = useWideScreen();
  const current = sectionOf(pathname);
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { xs: 2, md: 4 }, alignItems: 'flex-start' }}>
      <Box component="nav" aria-label={t('nav.label')} sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 88 } }}>
        <Tabs
          orientation={wide ? 'vertical' : 'horizontal'}
          variant={wide ? 'standard' : 'scrollable'}
          allowScrollButtonsMobile
          value={current}
          sx={{
            borderRight: wide ? 1 : 0,
            borderBottom: wide ? 0 : 1,
            borderColor: 'divider',
            '& .MuiTab-root': { alignItems: wide ? 'flex-start' : 'center', textAlign: 'left', textTransform: 'none', minHeight: 44 },
          }}
        >
          {profileSections.map((s) => (
            <Tab
              key={s.key}
              value={s.path}
              label={t(`nav.${s.key}`)}
              component={Link}
              to={s.path ? `/profile/${s.path}` : '/profile'}
              aria-current={current === s.path ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
