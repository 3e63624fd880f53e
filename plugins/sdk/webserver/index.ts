/**
 * The web server family (`@portal/plugin-sdk/webserver`, server side): sites with server names, document
 * root, backend (static / PHP-FPM version / proxy), certificate, redirects, basic authentications, logs with
 * search and live tail, and the configuration with its diff. A member (nginx, apache) supplies its dialect
 * (`WebServerDialect`: renderer, directive whitelist, program, log format) and its fixtures; the family owns
 * the entities (made with the member's table prefix), the state, the rules and the handlers of every
 * resource. The shared part (grammar, rules, log formats) is `@portal/plugin-sdk/webserver/shared`.
 */
export * from './shared/index.ts';
export * from './server/model.ts';
export * from './server/store.ts';
export * from './server/views.ts';
export * from './server/compare.ts';
export * from './server/fixtures.ts';
export * from './server/passwords.ts';
export * from './server/dialect.ts';
export { webServerHandlers } from './server/handlers/index.ts';
export type { SiteContext } from './server/handlers/context.ts';
export * from './server/render.ts';
export * from './server/certificates.ts';
export * from './server/config.ts';
export * from './server/tail.ts';
export * from './server/testing.ts';
export * from './server/sites.ts';
