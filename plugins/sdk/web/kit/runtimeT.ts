import type { TOptions } from 'i18next';

/**
 * The one escape from typed translation keys (issue 30): a key that is really composed at run time — a
 * server's message key (`errors.<code>`), a setting of whichever config plugin, a namespace known only at
 * run time — is looked up as it is. Everything else goes through a typed `t`; docs/decisions.md counts the uses.
 */
export function runtimeT(t: (...args: never[]) => unknown, key: string, options?: TOptions): string {
  return (t as unknown as (key: string, options?: TOptions) => string)(key, options);
}
