/**
 * The server users whose SSH keys the portal manages, with their home directories. The web server's
 * user (`www-data`) gets no SSH login: its home `/var/www` lies above the web roots, and a login for
 * the process that serves the sites is a risk of its own.
 */
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { sshKeyResource } from '../generated/resources.ts';

export const sshUsers = sshKeyResource.fields.user.enum;
export type SshUser = (typeof sshUsers)[number];

export const homeOf = (user: SshUser): string => `/home/${user}`;

/** Where sshd reads a user's keys. */
export const authorizedKeysPath = (user: SshUser): string => `${homeOf(user)}/.ssh/authorized_keys`;

export const labelMaxLength = sshKeyResource.fields.label.maxLength;
/** Letters, digits, spaces and `. _ @ + ( ) -`: nothing a shell, sshd option or config could read as syntax (the contract's `SshKeyLabel`). */
export const labelPattern = fieldPattern(sshKeyResource.fields.label)!;

export type LabelProblem = 'required' | 'characters' | 'too_long';

export function checkLabel(label: string): LabelProblem | undefined {
  const text = label.trim();
  if (!text) return 'required';
  if (text.length > labelMaxLength) return 'too_long';
  if (!labelPattern.test(text)) return 'characters';
  return undefined;
}

/** A label proposed from a key's comment (`anna@laptop`): the allowed characters only, shortened. */
export function labelFromComment(comment: string | undefined): string {
  return (comment ?? '')
    .replace(/[^\p{L}\p{N} ._@+()-]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, labelMaxLength)
    .trim();
}
