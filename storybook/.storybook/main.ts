import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineMain } from '@storybook/react-vite/node';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Plugins bring stories in their `web/` part; the pattern is left out until one has it (no "no stories found" warning).
const pluginsDir = fromHere('../../plugins/');
const pluginsWithWeb = existsSync(pluginsDir) && readdirSync(pluginsDir).some((plugin) => existsSync(`${pluginsDir}${plugin}/web`));

/**
 * Storybook for the frontend and the plugins' web parts. It reuses the frontend's Vite config, so
 * stories are compiled like the app (React plugin); `base` and the output directory are Storybook's own.
 */
export default defineMain({
  // The SDK's families bring their pages' stories too (`plugins/sdk/webserver/web`).
  stories: ['../../frontend/src/**/*.stories.tsx', ...(pluginsWithWeb ? ['../../plugins/*/web/**/*.stories.tsx', '../../plugins/sdk/*/web/**/*.stories.tsx'] : [])],
  framework: {
    name: '@storybook/react-vite',
    options: {
      builder: { viteConfigPath: fromHere('../../frontend/vite.config.ts') },
    },
  },
  core: { disableTelemetry: true },
  // Prop tables from react-docgen are for people browsing the stories; `npm test` builds them only to prove every story
  // compiles, and docgen was half of that build's time (STORYBOOK_DOCGEN=0, scripts/test.ts).
  ...(process.env.STORYBOOK_DOCGEN === '0' ? { typescript: { reactDocgen: false as const } } : {}),
  // Storybook's own runtime makes the iframe chunk large; that is expected, not a problem of the stories.
  // The app's gzip/brotli copies (portal:precompress) serve no one here: over a third of the build's time.
  viteFinal: (config) => ({
    ...config,
    plugins: (config.plugins ?? []).flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'portal:precompress')),
    build: { ...config.build, chunkSizeWarningLimit: 2000 },
  }),
});
