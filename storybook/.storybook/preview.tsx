import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
// Initialises i18next with every de/en namespace (bundled through `import.meta.glob`).
import i18next, { supportedLanguages, type Language } from '../../frontend/src/i18n';
import { createStore } from '../../frontend/src/store';
import { displayChanged } from '../../frontend/src/ui/displaySlice';
import { createPortalTheme } from '../../frontend/src/ui/theme';

type Mode = 'light' | 'dark';

const toLanguage = (value: unknown): Language => ((supportedLanguages as readonly unknown[]).includes(value) ? (value as Language) : 'de');
const toMode = (value: unknown): Mode => (value === 'dark' ? 'dark' : 'light');

/** Switches i18next to the toolbar's language (not remembered in localStorage, unlike the app's switch). */
async function applyLanguage(language: Language): Promise<void> {
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** A fresh store per story; the display state follows the theme toolbar, so the user menu's dark mode switch matches. */
function StoryStore({ mode, children }: { mode: Mode; children: ReactNode }) {
  const [store] = useState(() => {
    const s = createStore();
    s.dispatch(displayChanged({ forcedMode: true, darkMode: mode === 'dark' }));
    return s;
  });
  useEffect(() => {
    store.dispatch(displayChanged({ forcedMode: true, darkMode: mode === 'dark' }));
  }, [store, mode]);
  return <Provider store={store}>{children}</Provider>;
}

function Themed({ mode, children }: { mode: Mode; children: ReactNode }) {
  const theme = useMemo(() => createPortalTheme(mode), [mode]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

/** Follows the locale toolbar while a story stays mounted (the first render is handled in `beforeEach`). */
function LanguageSync({ language, children }: { language: Language; children: ReactNode }) {
  useEffect(() => {
    void applyLanguage(language);
  }, [language]);
  return children;
}

/** Every story gets what the app's root gives it: a Redux store, the portal theme and a router. */
const withPortal: Decorator = (Story, context) => {
  const mode = toMode(context.globals.theme);
  const language = toLanguage(context.globals.locale);
  return (
    <StoryStore key={context.id} mode={mode}>
      <Themed mode={mode}>
        <LanguageSync language={language}>
          <MemoryRouter>
            <Story />
          </MemoryRouter>
        </LanguageSync>
      </Themed>
    </StoryStore>
  );
};

const preview: Preview = {
  decorators: [withPortal],
  globalTypes: {
    locale: {
      description: 'Language of the portal',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'de', title: 'Deutsch', right: 'DE' },
          { value: 'en', title: 'English', right: 'EN' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour mode of the portal theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'de', theme: 'light' },
  async beforeEach({ globals }) {
    await applyLanguage(toLanguage(globals.locale));
  },
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
