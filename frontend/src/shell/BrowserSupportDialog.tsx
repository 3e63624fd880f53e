import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type common from '../i18n/locales/de/common.json';
import { minimumVersions } from './browserSupport';

/**
 * The outdated-browser dialog (§2, §9) without i18next: the SPA's shell hands in `useTranslation`'s `t`, the lean
 * sign-in page its own translator (keys of the `common` namespace), so both pages show the same dialog.
 */
export default function BrowserSupportDialog({
  t,
  open,
  onClose,
}: {
  t: (key: `browserSupport.${keyof typeof common.browserSupport}`) => string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="browser-support-title" data-testid="browser-support">
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
        <Button onClick={onClose} variant="contained">
          {t('browserSupport.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
