/**
 * `@portal/plugin-sdk/supervisor`: what plugins that run programs under supervisord share (supervisor, nodejs) —
 * the descriptor of the private supervisord and its staged check, the program block writer, and the live status
 * and control through `supervisorctl`.
 */
export * from './program.ts';
export * from './render.ts';
export * from './status.ts';
