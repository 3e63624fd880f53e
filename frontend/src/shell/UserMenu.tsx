import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleOff from '@mui/icons-material/ToggleOff';
import ToggleOn from '@mui/icons-material/ToggleOn';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetMeQuery, useUpdateUiSettingsMutation } from '../api/session';
import { useGetDemoQuery } from '../demo/api';
import { useAppDispatch, useAppSelector } from '../store';
import { displayChanged, type DisplayState } from '../ui/displaySlice';
import { useColorMode } from '../ui/useColorMode';

/**
 * What a `menuitemcheckbox` shows of its state: a switch drawn as an icon, not a second control inside
 * the menu item (axe "nested-interactive", issue 15); the item's `aria-checked` carries the state.
 */
function SwitchState({ on }: { on: boolean }) {
  const Icon = on ? ToggleOn : ToggleOff;
  return <Icon aria-hidden sx={{ ml: 2, fontSize: 32, color: on ? 'primary.main' : 'text.secondary' }} data-state={on ? 'on' : 'off'} />;
}

/** User menu (§2): my data, dark mode switch, reduced-width switch, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: me } = useGetMeQuery();
  const display = useAppSelector((s) => s.display);
  const mode = useColorMode();
  const dispatch = useAppDispatch();
  const [save] = useUpdateUiSettingsMutation();
  // Demo mode (issue 13): the shared demo user's settings are not stored, light mode is forced and "My data" is not shown (§4).
  const demo = useGetDemoQuery().data?.enabled === true;
  const change = (next: Partial<DisplayState>) => {
    dispatch(displayChanged(next));
    if (!demo) void save(next);
  };
  const close = () => setAnchor(null);
  return (
    <>
      {/* The full name and e-mail address in the native tooltip (title; MUI's Tooltip would put Popper into every
          page's first download): the button shortens a long name, and on a phone shows the icon only. */}
      <Button
        title={me ? `${me.firstname} ${me.surname} (${me.email})` : undefined}
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={t('userMenu.open')}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box
          component="span"
          className="user-name"
          sx={{
            display: { xs: 'none', sm: 'block' },
            maxWidth: { sm: 160, lg: 240 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {me ? `${me.firstname} ${me.surname}` : ''}
        </Box>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {!demo && (
          <MenuItem component={Link} to="/profile" onClick={close}>
            <ListItemIcon>
              <Person fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('userMenu.myData')}</ListItemText>
          </MenuItem>
        )}
        {!demo && <Divider />}
        {!demo && (
          <MenuItem role="menuitemcheckbox" aria-checked={mode === 'dark'} onClick={() => change({ forcedMode: true, darkMode: mode !== 'dark' })}>
            <ListItemText>{t('userMenu.darkMode')}</ListItemText>
            <SwitchState on={mode === 'dark'} />
          </MenuItem>
        )}
        {!demo && display.forcedMode && (
          <MenuItem onClick={() => change({ forcedMode: false })}>
            <ListItemText inset>{t('userMenu.followSystem')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={display.container === 'wrapped'}
          onClick={() => change({ container: display.container === 'wrapped' ? 'fluid' : 'wrapped' })}
        >
          <ListItemText>{t('userMenu.reducedWidth')}</ListItemText>
          <SwitchState on={display.container === 'wrapped'} />
        </MenuItem>
        <Divider />
        <MenuItem component={Link} to="/logout" onClick={close}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
