/** The server part of the beta fixture: one read operation. */
import { defineServerPlugin } from '@portal/plugin-sdk/server';

export default defineServerPlugin<never>({
  handlers: () => ({
    getBetaThing: async () => ({ text: 'beta' }),
  }),
});
