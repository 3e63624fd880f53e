import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetMeQuery, useUpdateUiSettingsMutation } from '../api/session';
import { useAppDispatch, useAppSelector } from '../store';
import { displayChanged, type DisplayState } from '../ui/displaySlice';
import { useColorMode } from '../ui/useColorMode';

/** User menu (§2): my data, dark mode switch, reduced-width switch, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: me } = useGetMeQuery();
  const display = useAppSelector((s) => s.display);
  const mode = useColorMode();
  const dispatch = useAppDispatch();
  const [save] = useUpdateUiSettingsMutation();
  const change = (next: Partial<DisplayState>) => {
    dispatch(displayChanged(next));
    void save(next);
  };
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={t('userMenu.open')}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        <span className="user-name">{me ? `${me.firstname} ${me.surname}` : ''}</span>
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.myData')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem role="menuitemcheckbox" aria-checked={mode === 'dark'} onClick={() => change({ forcedMode: true, darkMode: mode !== 'dark' })}>
          <ListItemText>{t('userMenu.darkMode')}</ListItemText>
          <Switch edge="end" size="small" checked={mode === 'dark'} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
        </MenuItem>
        {display.forcedMode && (
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
          <Switch edge="end" size="small" checked={display.container === 'wrapped'} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
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
