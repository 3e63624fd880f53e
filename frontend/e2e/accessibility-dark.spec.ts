import { defineAxePasses } from './a11yPasses';

/** Issue 15: every route and the main dialogs scanned with axe-core in en + dark (de + light: accessibility.spec.ts). */
defineAxePasses('en', 'dark');
