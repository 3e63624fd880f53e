import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SpotlightPalette = lazy(() => import('./SpotlightPalette'));

/** Whether a keyboard event is the spotlight shortcut (§2: Ctrl+Shift+Space). */
export const isSpotlightShortcut = (e: KeyboardEvent): boolean => e.ctrlKey && e.shiftKey && !e.altKey && (e.code === 'Space' || e.key === ' ');

/**
 * The spotlight (§2): Ctrl+Shift+Space anywhere, or the search button for touch, opens a command palette
 * that searches the user's clusters, servers, Managed Center sections, contracts, invoices, customers and
 * the portal's pages and actions; grouped, keyboard-only usable, with recent items.
 */
export function SpotlightButton() {
  const { t } = useTranslation('spotlight');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSpotlightShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <IconButton color="inherit" aria-label={t('open')} title={t('open')} aria-keyshortcuts="Control+Shift+Space" onClick={() => setOpen(true)} data-testid="spotlight-button" sx={{ p: { xs: 0.5, sm: 1 } }}>
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { 'aria-label': t('title'), sx: { position: 'absolute', top: { xs: 8, sm: 64 }, m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)' }, p: 2 } } }}
      >
        {open && (
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }} role="status" aria-label={t('searching')}>
                <CircularProgress size={24} />
              </Box>
            }
          >
            <SpotlightPalette onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
