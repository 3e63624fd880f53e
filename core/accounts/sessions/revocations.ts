import { afterCommit } from '../../platform/index.ts';

/**
 * Credentials that stopped being valid (issue 14): the BFF keeps signed-in callers in a short-lived
 * in-process cache, so every place that ends a session, deletes a token or changes what a user may do
 * says so here. Listeners hear it at once and again after the surrounding request transaction committed
 * (a concurrent request may have cached the old state in between). Over-reporting is harmless.
 */
export interface CredentialRevocation {
  /** Every cached credential of these users. */
  users?: number[];
  /** Sessions by internal id (the SHA-256 of the cookie token). */
  sessions?: string[];
  /** Personal access tokens by id. */
  tokens?: number[];
}

type Listener = (revocation: CredentialRevocation) => void;
const listeners = new Set<Listener>();

/** Registers a listener (the BFF's principal cache); returns the unsubscribe function. */
export function onCredentialsRevoked(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const notify = (revocation: CredentialRevocation) => {
  for (const l of listeners) l(revocation);
};

/** Announces revoked credentials: now, and once more after the request's transaction committed. */
export function credentialsRevoked(revocation: CredentialRevocation): void {
  if (!listeners.size) return;
  notify(revocation);
  void afterCommit(() => notify(revocation));
}
