import { updateUiSettings } from '@portal/core/accounts';
import { defineHandlers } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';

export const accountHandlers = defineHandlers({
  // The profile needs no ORM entity: on a principal-cache hit this answers without a query or hydration.
  getMe: (c) => presentMe(c.principal?.profile ?? c.user),
  updateUiSettings: async ({ em, deps, user, body, koa }) =>
    presentMe(await updateUiSettings(em, deps.events, user, body, koa.get('X-Client-Id').slice(0, 64) || undefined)),
});
