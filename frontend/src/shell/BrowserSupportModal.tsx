import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectBrowser, isOutdated, minimumVersions } from './browserSupport';

const dismissedKey = 'portal.browserWarningDismissed';

/** The outdated-browser modal (§2, §9); shown once per browser session. */
export function BrowserSupportModal({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  const browser = detectBrowser(userAgent);
  const [open, setOpen] = useState(() => isOutdated(browser) && sessionStorage.getItem(dismissedKey) !== '1');
  const close = () => {
    sessionStorage.setItem(dismissedKey, '1');
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="browser-support-title">
      <DialogTitle id="browser-support-title">{t('browserSupport.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('browserSupport.text')}</Typography>
        <List dense>
          {Object.entries(minimumVersions).map(([name, version]) => (
            <ListItem key={name}>
              {name} {version}
            </ListItem>
          ))}
        </List>
        <Typography color="text.secondary">{t('browserSupport.ie')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained">
          {t('browserSupport.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
