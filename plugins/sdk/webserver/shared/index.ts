/**
 * The web server family's shared part (`@portal/plugin-sdk/webserver/shared`): what a site may be made of,
 * the rules, redirect loops, the state's shape and the log formats — no Node or browser APIs, so the
 * server and the forms check the same.
 */
export * from './options.ts';
export * from './loops.ts';
export * from './rules.ts';
export * from './logs.ts';
export * from './state.ts';
export * from './slots.ts';
export * from './events.ts';
