import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * A server-side sign-in session. The browser holds the random session token in an httpOnly cookie;
 * we store only its SHA-256 (`id`) and the SHA-256 of the session's CSRF token.
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    csrfHash: p.string().length(64),
    userAgent: p.text().nullable(),
    ip: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    /** Sliding idle expiry; never later than `maxExpiresAt`. */
    expiresAt: p.datetime().index(),
    maxExpiresAt: p.datetime(),
    /** Set while a staff member acts as `user` (impersonation); their own security actions are refused then. */
    impersonator: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    /** A random id to name the session in the API (the list of sessions); never the token hash. */
    publicId: p.string().length(24).unique(),
  },
});
export type Session = InferEntity<typeof Session>;
