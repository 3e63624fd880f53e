import i18next from 'i18next';
import type { Me } from '../api/session';
import { rememberLanguage } from '../i18n';
import type { AppDispatch } from '../store';
import { displayChanged } from '../ui/displaySlice';
import { demoUserEmail } from '../demo/api';

/** Takes over a signed-in user's saved language and display settings. */
export function applyUserSettings(dispatch: AppDispatch, me: Me): void {
  dispatch(displayChanged({ forcedMode: me.forcedMode, darkMode: me.darkMode, container: me.container }));
  // The demo user is shared by every visitor: each keeps the language of their own browser (issue 13).
  if (me.email === demoUserEmail) return;
  if (i18next.language !== me.language) void i18next.changeLanguage(me.language);
  rememberLanguage(me.language);
}
