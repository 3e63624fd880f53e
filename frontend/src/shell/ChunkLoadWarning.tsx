import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store';

/** §8: 'There have been changes to the application. Please reload the page to continue.' */
export function ChunkLoadWarning({ open: forced }: { open?: boolean }) {
  const { t } = useTranslation();
  const failed = useAppSelector((s) => s.ui.chunkLoadFailed);
  return (
    <Dialog open={forced ?? failed} aria-labelledby="chunk-load-title" role="alertdialog">
      <DialogTitle id="chunk-load-title">{t('chunkLoad.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('chunkLoad.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => window.location.reload()} autoFocus>
          {t('reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
