/**
 * The ACL part of the rendered `redis.conf`, pure: the `default` user (on without a password, or off), the portal's
 * own management user and the ACL users of the server as `user` lines —
 * `user shop1 on #<sha256 of the password> resetchannels ~shop1:* -@all +@read … -@dangerous`. Redis 7 parses each
 * `user` line of its configuration file through its ACL parser when it loads the file, so the check by starting
 * (`program.ts`) refuses a malformed one with the line (an `aclfile` is only read after that check has exited).
 *
 * Every value has passed the contract: names `^[a-z][a-z0-9_-]{0,31}$`, key patterns of letters, digits and
 * `_.:-` with at most a trailing `*`, the access one of two profiles — none can add a rule or a line.
 */
import crypto from 'node:crypto';

export type Access = 'read' | 'readwrite';

/** The commands of each access profile (categories of redis 7; `-@dangerous` last, so it wins). */
export const accessRules: Record<Access, readonly string[]> = {
  read: ['-@all', '+@read', '+@connection', '+select', '-@dangerous'],
  readwrite: ['-@all', '+@read', '+@write', '+@transaction', '+@connection', '+select', '-@dangerous'],
};

/** Names customers may not use: redis's own and the portal's management user. */
export const portalUserName = 'portal';
export const reservedNames: readonly string[] = ['default', portalUserName];

/** What redis stores of a password: SHA-256 in lower-case hex (`#<hash>`). */
export const passwordHash = (password: string): string => crypto.createHash('sha256').update(password, 'utf8').digest('hex');

export interface AclUser {
  name: string;
  keyPatterns: readonly string[];
  access: Access;
  enabled: boolean;
  passwordHash: string;
}

export interface AclState {
  /** Whether clients may connect without a user name (the `default` user on, `nopass`, everything). */
  defaultUser: boolean;
  users: readonly AclUser[];
}

/** One `user` line of an ACL user. */
export const userLine = (u: AclUser): string =>
  ['user', u.name, 'reset', u.enabled ? 'on' : 'off', `#${u.passwordHash}`, 'resetchannels', ...u.keyPatterns.map((k) => `~${k}`), ...accessRules[u.access]].join(' ');

/**
 * The ACL lines of the file; `portalHash`: the hash of the portal's management user's password (`undefined`: none
 * yet — a preview before anything was applied — then the file has no portal user and the default user stays on).
 */
export function aclLines(state: AclState, portalHash: string | undefined): string[] {
  const defaultOn = state.defaultUser || !portalHash;
  return [
    '# Users (ACL): the default user, the portal’s management user, the ACL users of the portal',
    defaultOn ? 'user default on nopass ~* &* +@all' : 'user default off resetpass',
    ...(portalHash ? [`user ${portalUserName} on #${portalHash} ~* &* +@all`] : []),
    ...state.users.map(userLine),
  ];
}

/** The hashes in the file, for `ConfigFile.secretValues` (shown as `********` in diffs, the files panel, check output). */
export const aclSecrets = (state: AclState, portalHash: string | undefined): string[] => [...(portalHash ? [portalHash] : []), ...state.users.map((u) => u.passwordHash)];
