/**
 * Renders a server's entries as `__configPath__` (`name = value`, one per line, in id order). The rules
 * checked every value; the renderer refuses anything that would still change the file's structure, so
 * a bug in a rule can never become a line of its own.
 */
import { namePattern, valuePattern } from './rules.ts';

export const configPath = '__configPath__';

export interface RenderableItem {
  id: number;
  name: string;
  value: string;
}

export function renderConfig(items: readonly RenderableItem[]): string {
  const lines = [...items]
    .sort((a, b) => a.id - b.id)
    .map((i) => {
      if (!namePattern.test(i.name) || !valuePattern.test(i.value)) throw new Error(`__id__ entry ${i.id}: value not allowed`);
      return `${i.name} = ${i.value}`;
    });
  return ['# Managed by the customer portal (Managed Center → __Title__). Changes made here are overwritten.', ...lines].join('\n') + '\n';
}
