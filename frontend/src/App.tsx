import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useContext, useMemo } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { useSessionStart } from './auth/useSessionMonitor';
import { routes } from './routes';
import { useMaintenanceCheck } from './shell/useMaintenanceCheck';
import { setChunkFailureHandler } from './shell/chunks';
import { createStore, type AppStore } from './store';
import { createPortalTheme } from './ui/theme';
import { chunkLoadFailed } from './ui/uiSlice';
import { useColorMode } from './ui/useColorMode';
import { SsrMedia } from './ssr/payload';

/** The theme of the user's colour mode, with MUI's baseline styles. */
export function Themed({ children }: { children: React.ReactNode }) {
  const mode = useColorMode();
  const reduceMotion = useContext(SsrMedia)?.reduceMotion;
  const theme = useMemo(() => createPortalTheme(mode, reduceMotion), [mode, reduceMotion]);
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = mode;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

/**
 * The start's requests — who is signed in, is the portal in maintenance — go out with the first render, above
 * the router: the data router renders nothing until the first route's chunk and translations are there.
 */
function Startup() {
  useSessionStart();
  useMaintenanceCheck();
  return null;
}

/** The whole SPA: store, theme and router under `/a/` (a server-rendered page brings its own store and router, issue 29). */
export function App({ store = createStore(), router: given }: { store?: AppStore; router?: DataRouter }) {
  const router = useMemo(() => given ?? createBrowserRouter(routes, { basename: '/a' }), [given]);
  setChunkFailureHandler(() => store.dispatch(chunkLoadFailed()));
  return (
    <Provider store={store}>
      <Startup />
      <Themed>
        <RouterProvider router={router} />
      </Themed>
    </Provider>
  );
}
