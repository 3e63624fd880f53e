import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.precompress.ts';

const backend = process.env.PORTAL_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  base: '/a/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900, manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/a/ws': { target: backend, ws: true },
    },
  },
});
