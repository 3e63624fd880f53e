import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, StrictMode, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterLoginTarget } from '../auth/afterLogin';
import { loginHandOffKey, readLoginHandOff } from '../auth/loginHandOff';
import { dismissBrowserWarning, shouldWarnAboutBrowser } from '../shell/browserSupport';
import { markHydrated } from '../ssr/HydrationMarker';
import { rememberMediaPreferences } from '../ssr/mediaCookie';
import { createPortalTheme } from '../ui/theme';
import { client, isMaintenance, readCookie, signInPending, type Me } from './client';
import { loadNamespaces, rememberLanguage, startNamespaces, storedLanguage, translator, type Language } from './i18n';
import { LoginScreen, type Notice } from './LoginScreen';

/**
 * The lean sign-in entry (`login.html`, served for `GET /a/login`; issue 14, branch signin): the sign-in
 * screen without React Router, Redux/RTK Query, the SPA's shell or socket.io. After signing in it loads the
 * SPA at the return target (`location.assign`). See docs/decisions.md, "Lean sign-in page".
 */

/**
 * The outdated-browser modal (§2, §9; issue 31, finding 2): an anonymous visitor lands here first, so this page shows it
 * as the SPA's shell does. Its chunk (MUI's Dialog) is fetched only by an outdated browser; the page's budget stays.
 */
const BrowserSupportDialog = lazy(() => import('../shell/BrowserSupportDialog'));

/** The shared demo user (as `demoUserEmail` in demo/api.ts): its stored settings are not applied to a visitor's browser. */
const demoUserEmail = 'demo@demo.example';
const AUTH_POLL_MS = 1500;
const loggedInCookie = () => readCookie('portal_logged_in') === '1';
const handOff = readLoginHandOff();
const target = () => `/a${afterLoginTarget(handOff)}`;
/** Set once this page signed the user in and is loading the target: the poll below must not send them elsewhere. */
let leaving = false;

function storedDisplay(): { forcedMode?: unknown; darkMode?: unknown } | null {
  try {
    return JSON.parse(localStorage.getItem('portal.display') ?? 'null') as { forcedMode?: unknown; darkMode?: unknown } | null;
  } catch {
    return null;
  }
}

/** Dark mode as the SPA decides it (`useColorMode`): the user's forced mode stored in the browser, else the browser preference. */
function useColorMode(): 'light' | 'dark' {
  const query = useMemo(() => window.matchMedia('(prefers-color-scheme: dark)'), []);
  const [prefersDark, setPrefersDark] = useState(query.matches);
  useEffect(() => {
    const change = () => setPrefersDark(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, [query]);
  const stored = storedDisplay();
  if (stored?.forcedMode === true) return stored.darkMode === true ? 'dark' : 'light';
  return prefersDark ? 'dark' : 'light';
}

/** Takes over the user's saved language and display settings for the SPA (as `applyUserSettings`), then loads it. */
function signedIn(me: Me): void {
  leaving = true;
  localStorage.setItem('portal.display', JSON.stringify({ forcedMode: me.forcedMode, darkMode: me.darkMode, container: me.container }));
  if (me.email !== demoUserEmail) rememberLanguage(me.language as Language);
  sessionStorage.removeItem(loginHandOffKey);
  window.location.assign(target());
}

function Page({ initialLanguage, notice }: { initialLanguage: Language; notice?: Notice }) {
  const [language, setLanguage] = useState(initialLanguage);
  const [maintenance, setMaintenance] = useState(false);
  const tr = useMemo(() => translator(language), [language]);
  const mode = useColorMode();
  const [outdated, setOutdated] = useState(() => shouldWarnAboutBrowser());
  const theme = useMemo(() => createPortalTheme(mode), [mode]);
  document.documentElement.dataset.theme = mode;

  // The form is interactive (the e2e fixtures wait for it after every document load, issue 29).
  useEffect(markHydrated, []);

  useEffect(() => {
    // Maintenance is shown on load (issue 15), not only when a submit fails; the form is not held back for the answer.
    void client.ready().then((r) => isMaintenance(r) && setMaintenance(true));
    // Demo mode (issue 13): visitors are signed in as the demo user by the SPA, never see the login form.
    void client.getDemo().then((r) => r.ok && r.data.enabled && window.location.replace('/a/'));
    // Signed in in another tab: this one goes to the dashboard too (not this tab's own sign-in, which goes to its target).
    const own = () => leaving || signInPending();
    const timer = setInterval(() => {
      if (!loggedInCookie() || own()) return;
      void client.getMe().then((r) => {
        if (r.ok && r.data.id !== 0 && !own()) window.location.replace('/a/');
      });
    }, AUTH_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <LoginScreen
        tr={tr}
        notice={notice}
        maintenance={maintenance}
        onMaintenance={() => setMaintenance(true)}
        onRetryMaintenance={async () => {
          const r = await client.ready();
          if (r.ok) window.location.reload();
        }}
        onLanguage={(next) => {
          void loadNamespaces(next, [...startNamespaces, 'security', ...(handOff.notice ? [handOff.notice.key.split(':')[0]] : [])]).then(
            () => {
              rememberLanguage(next);
              setLanguage(next);
            },
          );
        }}
        onSignedIn={signedIn}
        loadTwoFactorTexts={() => loadNamespaces(language, ['security'])}
      />
      {outdated && (
        <Suspense fallback={null}>
          <BrowserSupportDialog
            t={tr.t}
            open
            onClose={() => {
              dismissBrowserWarning();
              setOutdated(false);
            }}
          />
        </Suspense>
      )}
    </ThemeProvider>
  );
}

async function start(): Promise<void> {
  // A signed-in visitor goes on to the target at once (R4.003, R5.002); a user with id 0 is no session.
  if (loggedInCookie()) {
    const me = await client.getMe();
    if (me.ok && me.data.id !== 0) {
      window.location.replace(target());
      return;
    }
  }
  const language = storedLanguage();
  document.documentElement.lang = language;
  const noticeNs = handOff.notice?.key.includes(':') ? [handOff.notice.key.split(':')[0]] : [];
  await loadNamespaces(language, [...startNamespaces, ...noticeNs]);
  // The notice is shown once (a reload of the page does not repeat "You have been logged out.").
  if (handOff.notice) sessionStorage.setItem(loginHandOffKey, JSON.stringify({ from: handOff.from }));
  const notice = handOff.notice && { severity: handOff.notice.severity, key: handOff.notice.key };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Page initialLanguage={language} notice={notice} />
    </StrictMode>,
  );
}

// The server renders the next pages with the browser's colour and motion preferences (issue 29).
rememberMediaPreferences();
void start();
