import { createTheme, type Theme } from '@mui/material/styles';

/** Focus ring colours: ≥ 3:1 against the page background and paper of their mode. */
const focusRing = { light: '#0b5cad', dark: '#8ec1ff' } as const;

/** Non-interactive elements that pages focus from code (tabIndex -1); see the focus ring rule below. */
const programmaticFocusTargets = ':root :is(h1, h2, h3, h4, h5, h6, main)[tabindex="-1"]:focus-visible';

/** Whether the user asked the system for less motion (read once when the theme is made). */
const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Durations of 0 for every MUI transition (dialogs, menus, collapses, tabs) when the user wants less motion. */
const noMotion = {
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

/**
 * The portal's light and dark themes. With "reduce motion" set in the system (WCAG 2.3.3), transitions,
 * ripples and skeleton waves are off: dialogs and menus appear at once.
 */
export function createPortalTheme(mode: 'light' | 'dark', reduceMotion = prefersReducedMotion()): Theme {
  return createTheme({
    ...(reduceMotion ? { transitions: noMotion } : {}),
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b5cad' : '#6aa8f0' },
      secondary: { main: mode === 'light' ? '#00796b' : '#4db6ac' },
      background: mode === 'light' ? { default: '#f5f7fa', paper: '#ffffff' } : { default: '#0f1419', paper: '#182028' },
      // Darker info and warning in light mode: white text on MUI's defaults (#0288d1, #ed6c02) reaches
      // only 3.9:1 and 3.1:1; these reach 7.4:1 and 5.0:1 (WCAG 1.4.3, issue 15 "info chips").
      ...(mode === 'light' ? { info: { main: '#01579b' }, warning: { main: '#b45309' } } : {}),
      // In dark mode a lighter error red with dark text: white on MUI's #f44336 reaches only 3.7:1.
      ...(mode === 'dark' ? { error: { main: '#f28b82' } } : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      // Smaller headings on phones, so long German compounds ("Auftragsverarbeitungsvertrag") fit a 375 px
      // line instead of breaking mid-word where the browser has no hyphenation dictionary.
      h1: { fontSize: '1.9rem', fontWeight: 600, '@media (max-width:599.95px)': { fontSize: '1.45rem' } },
      h2: { fontSize: '1.4rem', fontWeight: 600, '@media (max-width:599.95px)': { fontSize: '1.2rem' } },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
    },
    components: {
      // A clear focus ring for every interactive element (WCAG 2.2 SC 2.4.7/2.4.11/2.4.13, issue 15):
      // 3 px in the primary colour (≥ 3:1 against the page and paper in both modes), white on the app
      // bar; text fields keep their own 2 px focused border instead. `:root` outranks MUI's `outline: 0`.
      MuiCssBaseline: {
        styleOverrides: {
          // Long words (German compounds, e-mail addresses) wrap instead of widening the page on phones.
          body: { overflowWrap: 'break-word' },
          'h1, h2, h3, h4, h5, h6': { overflowWrap: 'anywhere', hyphens: 'auto' },
          // Less motion: no CSS transitions or animations, except the progress indicators (a still spinner would look stuck).
          ...(reduceMotion
            ? {
                '*:not([class*="Progress"]), *::before, *::after': {
                  animationDuration: '0.01ms !important',
                  animationIterationCount: '1 !important',
                  transitionDuration: '0.01ms !important',
                },
              }
            : {}),
          ':root :focus-visible': { outline: `3px solid ${focusRing[mode]}`, outlineOffset: 2 },
          ':root .MuiMenuItem-root:focus-visible, :root .MuiListItemButton-root:focus-visible, :root .MuiTab-root:focus-visible, :root .MuiTableRow-root:focus-visible':
            { outlineOffset: -3 },
          ':root .MuiAppBar-root :focus-visible, :root .portal-on-primary :focus-visible': { outlineColor: '#ffffff' },
          ':root .MuiInputBase-input:focus-visible, :root #main:focus-visible': { outline: 'none' },
          // A heading or landmark that a page focuses itself (tabIndex -1: the skip link's target, a wizard's
          // title on each step, for screen readers) is no control: a ring there looks like a selected text box.
          // Controls with a roving tabIndex -1 (tabs, menu items) keep their ring.
          [programmaticFocusTargets]: { outline: 'none' },
        },
      },
      // Unselected toggle buttons in the secondary text colour (MUI's action.active reaches 4.49:1 only).
      // Sentence case like the buttons: MUI's upper case made tabs and toggles differ from page to page.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary, textTransform: 'none' }) } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
      // Phones (issue 15): a wide table scrolls inside its container, never the page; shadows at the
      // edges show that there is more to the side (CSS-only scroll shadows: the covers scroll with the
      // content, the shadows stay).
      MuiTableContainer: {
        styleOverrides: {
          root: ({ theme }) => {
            const bg = theme.palette.background.paper;
            const shade = mode === 'light' ? 'rgba(0,0,0,0.18)' : 'rgba(0,0,0,0.55)';
            return {
              maxWidth: '100%',
              overflowX: 'auto',
              // Absolutely positioned content of a cell (visually hidden labels) stays inside the scroller.
              position: 'relative',
              backgroundImage: [
                `linear-gradient(to right, ${bg} 30%, transparent)`,
                `linear-gradient(to left, ${bg} 30%, transparent)`,
                `radial-gradient(farthest-side at 0 50%, ${shade}, transparent)`,
                `radial-gradient(farthest-side at 100% 50%, ${shade}, transparent)`,
              ].join(', '),
              backgroundPosition: 'left center, right center, left center, right center',
              backgroundRepeat: 'no-repeat',
              backgroundColor: bg,
              backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
              backgroundAttachment: 'local, local, scroll, scroll',
            };
          },
        },
      },
      // Tabs scroll (with arrows) instead of widening the page on phones.
      MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
      // The pagination below a table wraps on phones instead of widening the page.
      MuiTablePagination: {
        styleOverrides: {
          root: { maxWidth: '100%' },
          toolbar: { flexWrap: 'wrap', rowGap: 4, paddingLeft: 8 },
          actions: { marginLeft: 8 },
        },
      },
      // Dialogs take the whole screen on phones (issue 15).
      MuiDialog: {
        styleOverrides: {
          paper: ({ theme }) => ({
            [theme.breakpoints.down('sm')]: {
              margin: 0,
              width: '100%',
              maxWidth: '100%',
              height: '100%',
              maxHeight: '100%',
              borderRadius: 0,
            },
          }),
        },
      },
      ...(reduceMotion
        ? { MuiButtonBase: { defaultProps: { disableRipple: true } }, MuiSkeleton: { defaultProps: { animation: false } } }
        : {}),
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        // In dark mode the bar stays a deep brand blue with light text instead of a pale primary.
        styleOverrides:
          mode === 'dark' ? { root: { backgroundColor: '#0d2a4a', color: '#f1f5fa', borderBottom: '1px solid #1f3a5a' } } : {},
      },
    },
  });
}
