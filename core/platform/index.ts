export * from './errors.ts';
export * from './clock.ts';
export * from './events.ts';
export * from './logger.ts';
export * from './config.ts';
export * from './db.ts';
export * from './tokens.ts';
export { hashPassword, verifyPassword } from './password.ts';
export * from './mail/index.ts';
