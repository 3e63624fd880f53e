import { ValidationFailed } from '@portal/core/platform';
import { defineHandlers } from '../openapi/handlers.ts';
import { searchAll } from './spotlightSources.ts';

/** The spotlight search (§2, Ctrl+Shift+Space): every group the caller may see, as they type. */
export const spotlightHandlers = defineHandlers({
  searchSpotlight: async ({ em, deps, user, query }) => {
    const term = query.q.trim();
    if (term.length < 2) throw ValidationFailed({ q: ['errors.spotlight_term_too_short'] });
    const data = await searchAll({ em, userId: user.id, term, limit: query.limit ?? 5 }, (group, err) => deps.logger.error({ err, group }, 'spotlight source failed'));
    return { data };
  },
});
