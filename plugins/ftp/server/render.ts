/**
 * Renders a server's entries as `/etc/portal/ftp.conf` (`name = value`, one per line, in id order). The
 * contract checked every value (its patterns, from `x-resources`); the renderer refuses anything that
 * would still change the file's structure, so a bug can never become a line of its own.
 */
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { ftpItemResource } from '../generated/resources.ts';

export const configPath = '/etc/portal/ftp.conf';

export interface RenderableItem {
  id: number;
  name: string;
  value: string;
}

const name = fieldPattern(ftpItemResource.fields.name)!;
const value = fieldPattern(ftpItemResource.fields.value)!;

export function renderConfig(items: readonly RenderableItem[]): string {
  const lines = [...items]
    .sort((a, b) => a.id - b.id)
    .map((i) => {
      if (!name.test(i.name) || !value.test(i.value)) throw new Error(`ftp entry ${i.id}: value not allowed`);
      return `${i.name} = ${i.value}`;
    });
  return ['# Managed by the customer portal (Managed Center → FTP). Changes made here are overwritten.', ...lines].join('\n') + '\n';
}
