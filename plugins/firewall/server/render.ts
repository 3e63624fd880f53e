/**
 * Renders a server's entries as `/etc/portal/firewall.conf` (`name = value`, one per line, in id order). The
 * contract checked every value (its patterns, from `x-resources`); the renderer refuses anything that
 * would still change the file's structure, so a bug can never become a line of its own.
 */
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { firewallItemResource } from '../generated/resources.ts';

export const configPath = '/etc/portal/firewall.conf';

export interface RenderableItem {
  id: number;
  name: string;
  value: string;
}

const name = fieldPattern(firewallItemResource.fields.name)!;
const value = fieldPattern(firewallItemResource.fields.value)!;

export function renderConfig(items: readonly RenderableItem[]): string {
  const lines = [...items]
    .sort((a, b) => a.id - b.id)
    .map((i) => {
      if (!name.test(i.name) || !value.test(i.value)) throw new Error(`firewall entry ${i.id}: value not allowed`);
      return `${i.name} = ${i.value}`;
    });
  return ['# Managed by the customer portal (Managed Center → Firewall). Changes made here are overwritten.', ...lines].join('\n') + '\n';
}
