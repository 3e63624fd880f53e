import i18next from 'i18next';
import type { Me } from '../api/session';
import { rememberLanguage } from '../i18n';
import type { AppDispatch } from '../store';
import { displayChanged } from '../ui/displaySlice';

/** Takes over a signed-in user's saved language and display settings. */
export function applyUserSettings(dispatch: AppDispatch, me: Me): void {
  dispatch(displayChanged({ forcedMode: me.forcedMode, darkMode: me.darkMode, container: me.container }));
  if (i18next.language !== me.language) void i18next.changeLanguage(me.language);
  rememberLanguage(me.language);
}
