import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../../tenancy/index.ts';

/** Subscribes to or unsubscribes from technical notifications (§3, §4); returns the new state. */
export async function setTechnicalNotifications(em: EntityManager, user: User, subscribed: boolean): Promise<boolean> {
  user.technicalNotifications = subscribed;
  await em.flush();
  return user.technicalNotifications;
}
