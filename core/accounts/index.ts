export { User, genders, languages, type Language } from './User.ts';
export { Session } from './Session.ts';
export { authenticate, normalizeEmail } from './authenticate.ts';
export { startSession, findLiveSession, refreshSession, endSession, csrfMatches, type SessionPolicy, type IssuedSession } from './sessions.ts';
export { updateUiSettings, type UiSettings } from './settings.ts';
export { Migration20261122000100Accounts } from './migrations/Migration20261122000100Accounts.ts';
export { checkPassword, assertPasswordPolicy, passwordMinLength, passwordMaxLength, passwordMinScore, type PasswordOwner } from './passwordPolicy.ts';
