import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', use: { baseURL: 'http://localhost:3310', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] } }, reporter: 'list' });
