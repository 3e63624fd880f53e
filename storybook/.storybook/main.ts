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
  // Storybook's own runtime makes the iframe chunk large; that is expected, not a problem of the stories.
  viteFinal: (config) => ({ ...config, build: { ...config.build, chunkSizeWarningLimit: 2000 } }),
});
