import type { EntityManager } from '@mikro-orm/core';
import type { EventBus } from '../../platform/index.ts';
import type { Language, User } from '../../tenancy/index.ts';

export interface UiSettings {
  language?: Language;
  forcedMode?: boolean;
  darkMode?: boolean;
  container?: 'wrapped' | 'fluid';
}

/** Saves language and display settings and tells the user's other tabs. */
export async function updateUiSettings(
  em: EntityManager,
  events: EventBus,
  user: User,
  settings: UiSettings,
  /** The browser tab that made the change, echoed so it can skip its own event. */
  origin?: string,
): Promise<User> {
  em.assign(user, settings);
  await em.flush();
  await events.publish('user.updated', { id: user.id, ...settings, origin }, { users: [user.id] });
  return user;
}
