import { updateUiSettings } from '@portal/core/accounts';
import { defineHandlers } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';

export const accountHandlers = defineHandlers({
  getMe: ({ user }) => presentMe(user),
  updateUiSettings: async ({ em, deps, user, body, koa }) =>
    presentMe(await updateUiSettings(em, deps.events, user, body, koa.get('X-Client-Id').slice(0, 64) || undefined)),
});
