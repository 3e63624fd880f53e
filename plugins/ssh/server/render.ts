/**
 * Renders `authorized_keys` per server user: one line per key, `<type> <base64> <label>`. The key part
 * is re-encoded from the parsed key (never the text a user sent), the comment is the label (checked
 * against a strict pattern), and no options are written, so nothing typed can add `command=`, a
 * second key or a line break. A user without keys gets no file (the previous one is removed).
 */
import { allowedTypes } from './keys.ts';
import { authorizedKeysPath, checkLabel, sshUsers, type SshUser } from '../shared/users.ts';

export interface RenderableKey {
  id: number;
  user: string;
  label: string;
  type: string;
  data: string;
}

const header = '# Managed by the customer portal (Managed Center → SSH keys). Changes made here are overwritten.';

/** One key's line. Throws when a value would change the file's structure. */
export function renderKeyLine(key: RenderableKey): string {
  if (!(allowedTypes as readonly string[]).includes(key.type)) throw new Error(`key ${key.id}: type not allowed`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key.data)) throw new Error(`key ${key.id}: bad key data`);
  if (checkLabel(key.label)) throw new Error(`key ${key.id}: bad label`);
  return `${key.type} ${key.data} ${key.label.trim()}`;
}

/** The files of every user with keys, keys in id order. */
export function renderAuthorizedKeys(keys: readonly RenderableKey[]): { path: string; user: SshUser; content: string; mode: number }[] {
  return sshUsers
    .map((user) => ({ user, keys: keys.filter((k) => k.user === user).sort((a, b) => a.id - b.id) }))
    .filter((u) => u.keys.length)
    .map(({ user, keys: own }) => ({
      path: authorizedKeysPath(user),
      user,
      mode: 0o600,
      content: [header, ...own.map(renderKeyLine)].join('\n') + '\n',
    }));
}
