import { createTheme, type Theme } from '@mui/material/styles';

/** The portal's light and dark themes. */
export function createPortalTheme(mode: 'light' | 'dark'): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b5cad' : '#6aa8f0' },
      secondary: { main: mode === 'light' ? '#00796b' : '#4db6ac' },
      background: mode === 'light' ? { default: '#f5f7fa', paper: '#ffffff' } : { default: '#0f1419', paper: '#182028' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.9rem', fontWeight: 600 },
      h2: { fontSize: '1.4rem', fontWeight: 600 },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        // In dark mode the bar stays a deep brand blue with light text instead of a pale primary.
        styleOverrides: mode === 'dark' ? { root: { backgroundColor: '#0d2a4a', color: '#f1f5fa', borderBottom: '1px solid #1f3a5a' } } : {},
      },
    },
  });
}
