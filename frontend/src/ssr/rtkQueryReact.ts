/**
 * RTK Query's React module for the server rendering only (vite.config.ts aliases it in for `--ssr`): hooks start
 * their requests while rendering instead of in an effect (effects never run on the server), so the renderer
 * learns a page's requests by rendering it (issue 29).
 */
export * from '@reduxjs/toolkit/query/react';
import { buildCreateApi, coreModule } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';

export const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: true }));
