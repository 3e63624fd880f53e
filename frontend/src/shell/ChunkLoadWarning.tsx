import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../store';
import { chunkLoadFailed } from '../ui/uiSlice';

/** True below the Shell, which shows the one reload dialog of the page (`<ChunkLoadWarning />`). */
export const ChunkLoadWarningShown = createContext(false);

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

/**
 * For a route's error boundary: a chunk that failed to load asks for a reload — in the Shell's dialog when the
 * route is inside the Shell (one dialog, however many chunks failed: a page and a chunk fetched at idle used to
 * stack two, the second covering the first's button), in its own when the Shell itself could not load.
 */
export function ChunkLoadFailure() {
  const inShell = useContext(ChunkLoadWarningShown);
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(chunkLoadFailed());
  }, [dispatch]);
  return inShell ? null : <ChunkLoadWarning open />;
}
